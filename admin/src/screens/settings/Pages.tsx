/**
 * The content pages (owner): each page's address (/name), its title and its text (HTML, sanitised when the storefront
 * serves it) in en and zh; add, edit, remove. A page a menu still links to cannot be removed (the refusal names the menu's entry).
 */
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { api, type AdminPagesSettings } from '../../api.ts';

type AdminPage = AdminPagesSettings['pages'][number];
import type { Texts } from '../../i18n.ts';
import { pagesField } from './fields.ts';
import { GeneralProblems, useSettingsPart } from './useSave.tsx';

const text = (v: unknown) => String(v ?? '');
const cleanPage = (p: any): AdminPage => ({
  name: text(p?.name).trim(),
  title: { en: text(p?.title?.en), zh: text(p?.title?.zh) },
  content: { en: text(p?.content?.en), zh: text(p?.content?.zh) },
});

function PageCard({ tx, index, onRemove }: { tx: Texts; index: number; onRemove: () => void }) {
  const { t } = tx;
  const name = Form.useWatch(['pages', index, 'name'], Form.useFormInstance());
  const half = { xs: 24, md: 12 };
  return (
    <Card size="small" title={name ? `/${name}` : `#${index + 1}`} data-testid="page" extra={<Button size="small" danger onClick={onRemove}>{t('remove')}</Button>}>
      <Row gutter={12}>
        <Col span={24}><Form.Item label={t('pageName')} name={[index, 'name']} style={{ maxWidth: 360 }}><Input maxLength={60} /></Form.Item></Col>
        <Col {...half}><Form.Item label={t('titleEn')} name={[index, 'title', 'en']}><Input maxLength={120} /></Form.Item></Col>
        <Col {...half}><Form.Item label={t('titleZh')} name={[index, 'title', 'zh']}><Input maxLength={120} /></Form.Item></Col>
        <Col {...half}><Form.Item label={t('bodyEn')} name={[index, 'content', 'en']}><Input.TextArea autoSize={{ minRows: 4, maxRows: 16 }} maxLength={100_000} /></Form.Item></Col>
        <Col {...half}><Form.Item label={t('bodyZh')} name={[index, 'content', 'zh']}><Input.TextArea autoSize={{ minRows: 4, maxRows: 16 }} maxLength={100_000} /></Form.Item></Col>
      </Row>
    </Card>
  );
}

export function Pages({ tx }: { tx: Texts }) {
  const { t } = tx;
  const { form, data, error, busy, general, save } = useSettingsPart(tx, api.pages, (d) => ({ pages: d.pages }), pagesField);
  if (error) return <Result status="error" title={error} />;
  if (!data) return <Spin />;
  return (
    <Form form={form} layout="vertical" onFinish={() => save(() => api.savePages({ pages: (form.getFieldsValue(true).pages ?? []).map(cleanPage) }))}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('settingsNote')}</Typography.Text>
        <GeneralProblems tx={tx} general={general} />
        <Form.List name="pages">
          {(fields, { add, remove }) => (
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              {fields.map((f) => <PageCard key={f.key} tx={tx} index={f.name} onRemove={() => remove(f.name)} />)}
              <Button onClick={() => add({ name: '', title: { en: '', zh: '' }, content: { en: '', zh: '' } })}>{t('addPage')}</Button>
            </Space>
          )}
        </Form.List>
        <Button type="primary" htmlType="submit" loading={busy}>{t('save')}</Button>
      </Space>
    </Form>
  );
}
