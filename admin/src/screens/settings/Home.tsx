/**
 * The home page's sections (owner): the home template of the shop file, in the order the home page shows them; each a
 * banner (its slides), a row of categories, a product row by tag, or the live rooms' entry; add, remove, move up and down.
 */
import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { api, type AdminHomeSettings } from '../../api.ts';
import type { Key, Texts } from '../../i18n.ts';
import { homeField } from './fields.ts';
import { GeneralProblems, useSettingsPart } from './useSave.tsx';

type Section = AdminHomeSettings['sections'][number];
const KINDS = ['banner', 'featuredCategories', 'productCarousel', 'liveRooms'] as const;
type Kind = (typeof KINDS)[number];

/** A new section of a kind, with an id no section of the list has. */
export function newSection(kind: Kind, taken: string[]): Section {
  let n = 1;
  while (taken.includes(`home-${kind}-${n}`)) n++;
  const id = `home-${kind}-${n}`;
  if (kind === 'banner') return { kind, id, slides: [{ image: '', title: { en: '', zh: '' }, link: '' }] };
  if (kind === 'featuredCategories') return { kind, id, title: { en: '', zh: '' }, categories: [{ name: '', nameContent: {}, link: '' }] };
  if (kind === 'productCarousel') return { kind, id, title: { en: '', zh: '' }, tagName: '', numberToLoad: 8 };
  return { kind, id };
}

/** Operator text as saved: a language left empty is left out (the other shows). */
const words = (v: any) => {
  const out: { en?: string; zh?: string } = {};
  if (String(v?.en ?? '').trim()) out.en = String(v.en);
  if (String(v?.zh ?? '').trim()) out.zh = String(v.zh);
  return out;
};
/** `{ [key]: words }` when either language is written, else nothing (the section or slide has no such text). */
const wordsAt = (key: string, v: any) => {
  const w = words(v);
  return w.en || w.zh ? { [key]: w } : {};
};
const linkOf = (o: any) => {
  const link = String(o?.link ?? '').trim();
  return link ? { link, ...(o?.linkActionType ? { linkActionType: o.linkActionType } : {}) } : {};
};

/** The form's values of one section as the contract has it (only its kind's fields). */
export function cleanSection(s: any): Section {
  const id = String(s?.id ?? '').trim();
  if (s?.kind === 'banner') {
    return { kind: 'banner', id, slides: (s.slides ?? []).map((x: any) => ({ image: String(x?.image ?? '').trim(), ...wordsAt('title', x?.title), ...wordsAt('subtitle', x?.subtitle), ...linkOf(x) })) };
  }
  if (s?.kind === 'featuredCategories') {
    return {
      kind: 'featuredCategories', id, ...wordsAt('title', s.title),
      categories: (s.categories ?? []).map((c: any) => ({
        name: String(c?.name ?? '').trim(), nameContent: { ...words(c?.nameContent), ...(String(c?.name ?? '').trim() ? { en: String(c.name).trim() } : {}) },
        ...(String(c?.image ?? '').trim() ? { image: String(c.image).trim() } : {}), ...linkOf(c),
      })),
    };
  }
  if (s?.kind === 'productCarousel') {
    return { kind: 'productCarousel', id, ...wordsAt('title', s.title), tagName: String(s.tagName ?? '').trim(), ...(typeof s.numberToLoad === 'number' ? { numberToLoad: s.numberToLoad } : {}) };
  }
  return { ...s, id };
}

function LinkFields({ tx, at }: { tx: Texts; at: (string | number)[] }) {
  const { t } = tx;
  return (
    <>
      <Col xs={24} md={8}><Form.Item label={t('link')} name={[...at, 'link']}><Input maxLength={500} placeholder="products/Coffee" /></Form.Item></Col>
      <Col xs={24} md={4}><Form.Item label={t('linkKind')} name={[...at, 'linkActionType']}>
        <Select options={[{ value: 'INTERNAL_LINK', label: t('linkInternal') }, { value: 'EXTERNAL_LINK', label: t('linkExternal') }]} />
      </Form.Item></Col>
    </>
  );
}

function SectionCard({ tx, index, count, onRemove, move }: { tx: Texts; index: number; count: number; onRemove: () => void; move: (from: number, to: number) => void }) {
  const { t } = tx;
  const form = Form.useFormInstance();
  const kind = Form.useWatch(['sections', index, 'kind'], form) as string | undefined;
  const id = Form.useWatch(['sections', index, 'id'], form) as string | undefined;
  const half = { xs: 24, md: 12 };
  const titles = (
    <>
      <Col {...half}><Form.Item label={t('titleEn')} name={[index, 'title', 'en']}><Input maxLength={200} /></Form.Item></Col>
      <Col {...half}><Form.Item label={t('titleZh')} name={[index, 'title', 'zh']}><Input maxLength={200} /></Form.Item></Col>
    </>
  );
  return (
    <Card size="small" data-testid="home-section" data-kind={kind} title={`${kind ? t(`section_${kind}` as Key) : ''} · ${id ?? ''}`} extra={<Space size={4} wrap>
      {index > 0 && <Button size="small" onClick={() => move(index, index - 1)} aria-label={`${t('moveUp')} ${id ?? ''}`}>↑</Button>}
      {index < count - 1 && <Button size="small" onClick={() => move(index, index + 1)} aria-label={`${t('moveDown')} ${id ?? ''}`}>↓</Button>}
      <Button size="small" danger onClick={onRemove} aria-label={`${t('remove')} ${id ?? ''}`}>{t('remove')}</Button>
    </Space>}>
      <Row gutter={12}>
        <Col xs={24} md={12}><Form.Item label={t('sectionId')} name={[index, 'id']}><Input maxLength={60} /></Form.Item></Col>
        {kind === 'productCarousel' && <>
          {titles}
          <Col {...half}><Form.Item label={t('tagName')} name={[index, 'tagName']}><Input maxLength={60} /></Form.Item></Col>
          <Col {...half}><Form.Item label={t('numberToLoad')} name={[index, 'numberToLoad']}><InputNumber controls={false} min={1} max={50} precision={0} style={{ width: '100%' }} /></Form.Item></Col>
        </>}
        {kind === 'featuredCategories' && titles}
      </Row>
      {kind === 'liveRooms' && <Typography.Text type="secondary">{t('liveRoomsNote')}</Typography.Text>}
      {kind === 'banner' && (
        <Form.List name={[index, 'slides']}>
          {(slides, { add, remove }) => (
            <Space direction="vertical" size="small" style={{ width: '100%' }}>
              <Typography.Text strong>{t('slides')}</Typography.Text>
              {slides.map((s) => (
                <Card size="small" key={s.key} data-testid="slide" extra={<Button size="small" danger onClick={() => remove(s.name)}>{t('remove')}</Button>}>
                  <Row gutter={12}>
                    <Col span={24}><Form.Item label={t('image')} name={[s.name, 'image']}><Input maxLength={500} /></Form.Item></Col>
                    <Col {...half}><Form.Item label={t('titleEn')} name={[s.name, 'title', 'en']}><Input maxLength={200} /></Form.Item></Col>
                    <Col {...half}><Form.Item label={t('titleZh')} name={[s.name, 'title', 'zh']}><Input maxLength={200} /></Form.Item></Col>
                    <Col {...half}><Form.Item label={t('subtitleEn')} name={[s.name, 'subtitle', 'en']}><Input maxLength={200} /></Form.Item></Col>
                    <Col {...half}><Form.Item label={t('subtitleZh')} name={[s.name, 'subtitle', 'zh']}><Input maxLength={200} /></Form.Item></Col>
                    <LinkFields tx={tx} at={[s.name]} />
                  </Row>
                </Card>
              ))}
              <Button size="small" onClick={() => add({ image: '', title: { en: '', zh: '' }, link: '' })}>{t('addSlide')}</Button>
            </Space>
          )}
        </Form.List>
      )}
      {kind === 'featuredCategories' && (
        <Form.List name={[index, 'categories']}>
          {(cats, { add, remove }) => (
            <Space direction="vertical" size="small" style={{ width: '100%' }}>
              <Typography.Text strong>{t('categoriesRow')}</Typography.Text>
              {cats.map((c) => (
                <Card size="small" key={c.key} data-testid="category" extra={<Button size="small" danger onClick={() => remove(c.name)}>{t('remove')}</Button>}>
                  <Row gutter={12}>
                    <Col {...half}><Form.Item label={t('categoryName')} name={[c.name, 'name']}><Input maxLength={80} /></Form.Item></Col>
                    <Col {...half}><Form.Item label={t('entryNameZh')} name={[c.name, 'nameContent', 'zh']}><Input maxLength={80} /></Form.Item></Col>
                    <Col span={24}><Form.Item label={t('image')} name={[c.name, 'image']}><Input maxLength={500} /></Form.Item></Col>
                    <Col xs={24} md={12}><Form.Item label={t('link')} name={[c.name, 'link']}><Input maxLength={500} placeholder="products/Coffee" /></Form.Item></Col>
                  </Row>
                </Card>
              ))}
              <Button size="small" onClick={() => add({ name: '', nameContent: {}, link: '' })}>{t('addCategory')}</Button>
            </Space>
          )}
        </Form.List>
      )}
    </Card>
  );
}

export function HomeSections({ tx }: { tx: Texts }) {
  const { t } = tx;
  const [kind, setKind] = useState<Kind>('productCarousel');
  const { form, data, error, busy, general, save } = useSettingsPart(tx, api.home, (d) => ({ sections: d.sections }), homeField);
  if (error) return <Result status="error" title={error} />;
  if (!data) return <Spin />;
  return (
    <Form form={form} layout="vertical" onFinish={() => save(() => api.saveHome({ sections: (form.getFieldsValue(true).sections ?? []).map(cleanSection) }))}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('settingsNote')}</Typography.Text>
        <Typography.Text type="secondary">{t('linkHelp')}</Typography.Text>
        <GeneralProblems tx={tx} general={general} />
        <Form.List name="sections">
          {(fields, { add, remove, move }) => (
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              {fields.map((f) => <SectionCard key={f.key} tx={tx} index={f.name} count={fields.length} onRemove={() => remove(f.name)} move={move} />)}
              <Space wrap>
                <Select aria-label={t('sectionKind')} value={kind} onChange={setKind} style={{ minWidth: 180 }}
                  options={KINDS.map((k) => ({ value: k, label: t(`section_${k}` as Key) }))} />
                <Button onClick={() => add(newSection(kind, (form.getFieldValue('sections') ?? []).map((s: Section) => s.id)))}>{t('addSection')}</Button>
              </Space>
            </Space>
          )}
        </Form.List>
        <Button type="primary" htmlType="submit" loading={busy}>{t('save')}</Button>
      </Space>
    </Form>
  );
}
