/**
 * The menus (owner): the header, side and footer menus of the shop file's navigation, entries two levels deep, each a
 * name in en and zh and a link the spec's link mapping reads. A link that leads nowhere is refused on its field.
 */
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { api, type AdminMenusBody } from '../../api.ts';
import type { Texts } from '../../i18n.ts';
import { menusField } from './fields.ts';
import { GeneralProblems, useSettingsPart } from './useSave.tsx';

type Entry = AdminMenusBody['headerMenu'][number];
const MENUS = ['headerMenu', 'sideMenu', 'footerMenu'] as const;

/** An entry as saved: the English name is its name, the Chinese one its zh (empty: the name shows). */
function cleanEntry(e: any): Entry {
  const name = String(e?.name ?? '').trim();
  const zh = String(e?.nameContent?.zh ?? '').trim();
  const out: Entry = { ...e, name, nameContent: { ...e?.nameContent, en: name, ...(zh ? { zh } : { zh: undefined }) } };
  if (!zh) delete out.nameContent!.zh;
  const link = String(e?.link ?? '').trim();
  if (link) out.link = link;
  else delete out.link;
  if (!out.linkActionType) delete out.linkActionType;
  if (e?.subMenu) out.subMenu = e.subMenu.map(cleanEntry);
  return out;
}

/** One entry's fields; `at` is its name path inside the form list it is in. */
function EntryFields({ tx, at, onRemove, onUp, onDown, children }: { tx: Texts; at: (string | number)[]; onRemove: () => void; onUp?: () => void; onDown?: () => void; children?: React.ReactNode }) {
  const { t } = tx;
  return (
    <Card size="small" data-testid="menu-entry" extra={<Space size={4} wrap>
      {onUp && <Button size="small" onClick={onUp} aria-label={t('moveUp')}>↑</Button>}
      {onDown && <Button size="small" onClick={onDown} aria-label={t('moveDown')}>↓</Button>}
      <Button size="small" danger onClick={onRemove}>{t('remove')}</Button>
    </Space>}>
      <Row gutter={12}>
        <Col xs={24} md={6}><Form.Item label={t('entryName')} name={[...at, 'name']}><Input maxLength={80} /></Form.Item></Col>
        <Col xs={24} md={6}><Form.Item label={t('entryNameZh')} name={[...at, 'nameContent', 'zh']}><Input maxLength={80} /></Form.Item></Col>
        <Col xs={24} md={8}><Form.Item label={t('link')} name={[...at, 'link']}><Input maxLength={500} placeholder="page/about" /></Form.Item></Col>
        <Col xs={24} md={4}><Form.Item label={t('linkKind')} name={[...at, 'linkActionType']}>
          <Select options={[{ value: 'INTERNAL_LINK', label: t('linkInternal') }, { value: 'EXTERNAL_LINK', label: t('linkExternal') }]} />
        </Form.Item></Col>
      </Row>
      {children}
    </Card>
  );
}

function MenuList({ tx, menu }: { tx: Texts; menu: (typeof MENUS)[number] }) {
  const { t } = tx;
  return (
    <Form.List name={menu}>
      {(fields, { add, remove, move }) => (
        <Space direction="vertical" size="small" style={{ width: '100%' }} data-testid={`menu-${menu}`}>
          {fields.map((f, i) => (
            <EntryFields key={f.key} tx={tx} at={[f.name]} onRemove={() => remove(f.name)}
              onUp={i > 0 ? () => move(i, i - 1) : undefined} onDown={i < fields.length - 1 ? () => move(i, i + 1) : undefined}>
              <Form.List name={[f.name, 'subMenu']}>
                {(subs, sub) => (
                  <Space direction="vertical" size="small" style={{ width: '100%', paddingInlineStart: 16 }}>
                    {subs.map((s, j) => (
                      <EntryFields key={s.key} tx={tx} at={[s.name]} onRemove={() => sub.remove(s.name)}
                        onUp={j > 0 ? () => sub.move(j, j - 1) : undefined} onDown={j < subs.length - 1 ? () => sub.move(j, j + 1) : undefined} />
                    ))}
                    <Button size="small" onClick={() => sub.add({ name: '', nameContent: {}, link: '' })}>{t('addSubEntry')}</Button>
                  </Space>
                )}
              </Form.List>
            </EntryFields>
          ))}
          <Button onClick={() => add({ name: '', nameContent: {}, link: '' })}>{t('addEntry')}</Button>
        </Space>
      )}
    </Form.List>
  );
}

export function Menus({ tx }: { tx: Texts }) {
  const { t } = tx;
  const { form, data, error, busy, general, save } = useSettingsPart(tx, api.menus, (d) => ({ headerMenu: d.headerMenu, sideMenu: d.sideMenu, footerMenu: d.footerMenu }), menusField);
  if (error) return <Result status="error" title={error} />;
  if (!data) return <Spin />;
  const pages = data.pages.map((p) => `page/${p.name}`).join(', ');
  return (
    <Form form={form} layout="vertical" onFinish={() => {
      // Every value the form holds, those no field shows (an entry's icon) included.
      const v = form.getFieldsValue(true);
      return save(() => api.saveMenus({
        headerMenu: (v.headerMenu ?? []).map(cleanEntry), sideMenu: (v.sideMenu ?? []).map(cleanEntry), footerMenu: (v.footerMenu ?? []).map(cleanEntry),
      }));
    }}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('settingsNote')}</Typography.Text>
        <Typography.Text type="secondary">{t('linkHelp')}</Typography.Text>
        {pages && <Typography.Text type="secondary">{t('linkPages', { pages })}</Typography.Text>}
        <GeneralProblems tx={tx} general={general} />
        {MENUS.map((menu) => (
          <div key={menu}>
            <Typography.Title level={4}>{t(menu)}</Typography.Title>
            <MenuList tx={tx} menu={menu} />
          </div>
        ))}
        <Button type="primary" htmlType="submit" loading={busy}>{t('save')}</Button>
      </Space>
    </Form>
  );
}
