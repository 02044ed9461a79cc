/**
 * Group buys (owner; issue 43): what `npm run campaigns` does. The list (current, or every one) with each state and
 * shoppers joined of the target; a new one (names and descriptions in English and Chinese, the pickup store, when it
 * runs: an end or a number of hours, its items: a product and option at a group price with group stock and a limit per
 * shopper, a cover); ending an open one now (short of its target, every paid order is refunded). A refused creation
 * shows each problem on its field.
 */
import { useCallback, useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import AntApp from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Popconfirm from 'antd/es/popconfirm';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { api, type AdminCampaignList, type AdminCampaignNew, type AdminProduct } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { errorText, useAction } from './common.tsx';
import { CoverField } from './CoverField.tsx';
import { showProblems } from './fieldProblems.ts';
import { pathParts, type FieldName } from './settingsProblems.ts';

type Status = AdminCampaignList['campaigns'][number]['status'];
const STATUS_COLOURS: Record<Status, string> = { UPCOMING: 'blue', OPEN: 'green', CLOSING: 'orange', SUCCEEDED: 'cyan', FAILED: 'default' };
/** Still open in the database (not settled): the CLI's `end` takes it. */
const endable = (s: Status) => s === 'UPCOMING' || s === 'OPEN' || s === 'CLOSING';

const TOP = ['name.en', 'name.zh', 'description.en', 'description.zh', 'cover', 'target', 'startsAt', 'endsAt'];
const ITEM = { campaignPrice: 'price', stock: 'stock', limitPerShopper: 'limitPerShopper', productId: 'productId' } as Record<string, string>;
/** The form's field of a problem's path (`items[1].stock`); the service's `localStoreId` is the form's store. */
export function campaignField(path: string): FieldName | null {
  if (TOP.includes(path)) return pathParts(path);
  if (path === 'localStoreId') return ['store'];
  const p = pathParts(path);
  if (p[0] === 'items' && typeof p[1] === 'number' && p.length === 3 && ITEM[String(p[2])]) return ['items', p[1], ITEM[String(p[2])]];
  return null;
}

interface ItemValues { productId?: string; optionPair?: string; price?: number; stock?: number; limitPerShopper?: number }
interface Values {
  name: { en: string; zh: string }; description?: { en?: string; zh?: string }; cover?: string; target?: number; store?: string;
  startsAt?: string; endsAt?: string; hours?: number | null; items: ItemValues[];
}

/** A product found by the search (name, SKU or number), and its option combinations once chosen. */
function ItemRow({ tx, form, index, currency, onRemove }: { tx: Texts; form: FormInstance<Values>; index: number; currency: string; onRemove: () => void }) {
  const { t, money, decimals } = tx;
  const [found, setFound] = useState<{ value: string; label: string }[]>([]);
  const [product, setProduct] = useState<AdminProduct | null>(null);
  const productId = Form.useWatch(['items', index, 'productId'], form);
  useEffect(() => {
    if (!productId) return setProduct(null);
    let live = true;
    api.product(productId).then((p) => {
      if (!live) return;
      setProduct(p);
      if (p.variants.length === 1) form.setFieldValue(['items', index, 'optionPair'], p.variants[0].combination);
    }, () => live && setProduct(null));
    return () => { live = false; };
  }, [productId, form, index]);
  const search = async (q: string) => {
    const { items } = await api.products({ q: q.trim() || undefined });
    setFound(items.map((p) => ({ value: p.id, label: `${p.name[tx.lang] || p.name.en} · ${p.sku ?? p.id} · ${money(p.price, p.currency)}` })));
  };
  useEffect(() => { void search(''); }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const cell = { xs: 12, md: 4 };
  return (
    <Card size="small" data-testid="campaign-item" title={`#${index + 1}`} extra={<Button size="small" danger onClick={onRemove}>{t('remove')}</Button>}>
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <Form.Item label={t('campaignProduct')} name={[index, 'productId']} rules={[{ required: true, message: t('required') }]}>
            <Select showSearch filterOption={false} onSearch={(q) => void search(q)} options={found} />
          </Form.Item>
        </Col>
        <Col xs={24} md={4}>
          <Form.Item label={t('campaignOption')} name={[index, 'optionPair']}>
            <Select disabled={!product || product.variants.length < 2}
              options={(product?.variants ?? []).map((v) => ({ value: v.combination, label: v.combination ? v.label[tx.lang] || v.combination : t('noOptions') }))} />
          </Form.Item>
        </Col>
        <Col {...cell}>
          <Form.Item label={t('campaignPrice', { currency })} name={[index, 'price']} rules={[{ required: true, message: t('required') }]}>
            <InputNumber controls={false} min={0} step={1 / 10 ** decimals(currency)} precision={decimals(currency)} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...cell}>
          <Form.Item label={t('campaignStock')} name={[index, 'stock']} rules={[{ required: true, message: t('required') }]}>
            <InputNumber controls={false} min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...cell}>
          <Form.Item label={t('campaignLimit')} name={[index, 'limitPerShopper']} rules={[{ required: true, message: t('required') }]}>
            <InputNumber controls={false} min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}

function NewCampaign({ tx, list, onCreated }: { tx: Texts; list: AdminCampaignList; onCreated: (id: string) => void }) {
  const { t, decimals } = tx;
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, run] = useAction((e) => {
    setGeneral(showProblems(e, form, campaignField));
    message.error(t('settingsRefused'));
  });
  const d = decimals(list.currency);
  const iso = (v?: string) => (v ? new Date(v).toISOString() : null);
  const create = (v: Values) => run(async () => {
    setGeneral([]);
    const body: AdminCampaignNew = {
      name: { en: v.name.en ?? '', zh: v.name.zh ?? '' }, description: { en: v.description?.en ?? '', zh: v.description?.zh ?? '' },
      cover: v.cover?.trim() || null, target: v.target ?? 0, store: v.store ?? '', startsAt: iso(v.startsAt), endsAt: iso(v.endsAt), hours: v.hours ?? null,
      items: (v.items ?? []).map((i) => ({
        productId: i.productId ?? '', optionPair: i.optionPair ?? '', campaignPrice: Math.round((i.price ?? 0) * 10 ** d), stock: i.stock ?? 0, limitPerShopper: i.limitPerShopper ?? 0,
      })),
    };
    const { id } = await api.createCampaign(body);
    message.success(t('campaignCreated', { id }));
    form.resetFields();
    onCreated(id);
  });
  const half = { xs: 24, md: 12 };
  return (
    <Card size="small" title={t('campaignNew')}>
      {general.length > 0 && <Alert type="error" role="alert" showIcon style={{ marginBottom: 8 }} message={general.map((g) => <div key={g}>{g}</div>)} />}
      <Form form={form} layout="vertical" onFinish={create} onValuesChange={() => setGeneral([])} initialValues={{ target: 2, items: [{ limitPerShopper: 1 }] }}>
        <Row gutter={12}>
          <Col {...half}><Form.Item label={t('nameEn')} name={['name', 'en']} rules={[{ required: true, whitespace: true, message: t('required') }]}><Input maxLength={120} /></Form.Item></Col>
          <Col {...half}><Form.Item label={t('nameZh')} name={['name', 'zh']} rules={[{ required: true, whitespace: true, message: t('required') }]}><Input maxLength={120} /></Form.Item></Col>
          <Col {...half}><Form.Item label={t('campaignDescEn')} name={['description', 'en']}><Input.TextArea maxLength={2000} autoSize={{ minRows: 2 }} /></Form.Item></Col>
          <Col {...half}><Form.Item label={t('campaignDescZh')} name={['description', 'zh']}><Input.TextArea maxLength={2000} autoSize={{ minRows: 2 }} /></Form.Item></Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('store')} name="store" rules={[{ required: true, message: t('required') }]}>
              <Select options={list.stores.map((s) => ({ value: s.id, label: `${s.name[tx.lang] || s.name.en} (${s.id})` }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}><Form.Item label={t('campaignTarget')} name="target" rules={[{ required: true, message: t('required') }]}><InputNumber controls={false} min={1} precision={0} style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={12} md={4}><Form.Item label={t('campaignHours')} name="hours"><InputNumber controls={false} min={0} style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={24} md={4}><Form.Item label={t('campaignStarts')} name="startsAt"><Input type="datetime-local" /></Form.Item></Col>
          <Col xs={24} md={4}><Form.Item label={t('campaignEnds')} name="endsAt"><Input type="datetime-local" /></Form.Item></Col>
          <Col span={24}><Form.Item label={t('cover')} name="cover"><CoverField tx={tx} area="campaigns" /></Form.Item></Col>
        </Row>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
              {fields.map((f) => <ItemRow key={f.key} tx={tx} form={form} index={f.name} currency={list.currency} onRemove={() => remove(f.name)} />)}
              <Button onClick={() => add({ limitPerShopper: 1 })}>{t('campaignAddItem')}</Button>
            </Space>
          )}
        </Form.List>
        <Button type="primary" htmlType="submit" loading={busy}>{t('campaignCreate')}</Button>
      </Form>
    </Card>
  );
}

export function Campaigns({ tx }: { tx: Texts }) {
  const { t, time, money } = tx;
  const { message } = AntApp.useApp();
  const [all, setAll] = useState(false);
  const [data, setData] = useState<AdminCampaignList | null>(null);
  const [error, setError] = useState('');
  const [ending, setEnding] = useState('');
  const reload = useCallback(() => api.campaigns(all).then(setData, (e) => setError(errorText(e))), [all]);
  useEffect(() => { void reload(); }, [reload]);
  const end = async (id: string) => {
    setEnding(id);
    try {
      const { settlement } = await api.endCampaign(id);
      message.success(!settlement ? t('campaignEndedElsewhere')
        : settlement.outcome === 'SUCCEEDED' ? t('campaignEndedOk', { n: settlement.participants }) : t('campaignEndedFailed', { refunds: settlement.refunds }));
      await reload();
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setEnding('');
    }
  };
  if (error) return <Result status="error" title={error} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {data && <NewCampaign tx={tx} list={data} onCreated={() => void reload()} />}
      <Space><Switch checked={all} onChange={setAll} id="campaigns-all" /><label htmlFor="campaigns-all">{t('campaignAll')}</label></Space>
      <Table rowKey="id" size="small" loading={!data} dataSource={data?.campaigns ?? []} pagination={{ pageSize: 50 }} scroll={{ x: true }}
        columns={[
          { title: '#', dataIndex: 'id', responsive: ['md'] },
          { title: t('campaignName'), key: 'name', render: (_: unknown, c) => c.nameContent[tx.lang] || c.nameContent.en },
          { title: t('status'), key: 'status', render: (_: unknown, c) => <Tag color={STATUS_COLOURS[c.status]} data-status={c.status}>{t(`campaign_${c.status}`)}</Tag> },
          { title: t('campaignJoined'), key: 'joined', render: (_: unknown, c) => `${c.participants} / ${c.target}` },
          { title: t('price'), key: 'price', render: (_: unknown, c) => money(c.fromPrice, c.currency), responsive: ['md'] },
          { title: t('campaignWhen'), key: 'when', render: (_: unknown, c) => `${time(c.startsAt)} – ${time(c.endsAt)}`, responsive: ['md'] },
          { title: t('store'), key: 'store', render: (_: unknown, c) => c.localStoreName[tx.lang] || c.localStoreName.en, responsive: ['lg'] },
          { title: '', key: 'do', render: (_: unknown, c) => (endable(c.status) ? (
            <Popconfirm title={t('campaignEndConfirm')} okText={t('confirm')} cancelText={t('cancel')} onConfirm={() => end(c.id)}>
              <Button size="small" danger loading={ending === c.id}>{t('campaignEnd')}</Button>
            </Popconfirm>
          ) : null) },
        ]} />
    </Space>
  );
}

export default Campaigns;
