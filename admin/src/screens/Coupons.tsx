/**
 * Coupons (owner): the shop file's coupons, active first, with their uses; a new one (checked and applied as `shop
 * apply` does: a refusal names its field) and ending one (its expiry becomes now; a coupon is never removed).
 */
import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { api, type AdminCoupon, type AdminCouponList } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { errorText } from './common.tsx';

export function Coupons({ tx }: { tx: Texts }) {
  const { t, time } = tx;
  const [data, setData] = useState<AdminCouponList | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState('');
  const [form] = Form.useForm();
  useEffect(() => {
    api.coupons().then(setData, (e) => setError(errorText(e)));
  }, []);
  const run = async (key: string, work: () => Promise<AdminCouponList>) => {
    setBusy(key);
    setError('');
    try {
      setData(await work());
      return true;
    } catch (e) {
      setError(errorText(e));
      return false;
    } finally {
      setBusy('');
    }
  };
  const create = async (v: { code: string; kind: 'PERCENT' | 'FIXED'; value: number; en: string; zh: string; firstOrderOnly?: boolean }) => {
    const coupon: AdminCoupon = {
      code: v.code.trim(), kind: v.kind, value: v.value, minSubtotalMinor: 0, expiresAt: null, description: { en: v.en.trim(), zh: v.zh.trim() },
      public: true, maxUsesPerShopper: null, maxUses: null, ...(v.firstOrderOnly ? { firstOrderOnly: true } : {}),
    };
    if (await run('create', () => api.createCoupon(coupon))) form.resetFields();
  };
  return (
    <>
      <Card title={t('couponNew')} size="small" style={{ marginBottom: 12 }}>
        <Form form={form} layout="inline" onFinish={create} initialValues={{ kind: 'PERCENT' }} style={{ rowGap: 8 }}>
          <Form.Item label={t('couponCode')} name="code" rules={[{ required: true, message: t('required') }]}><Input maxLength={40} style={{ width: 140 }} /></Form.Item>
          <Form.Item label={t('couponKind')} name="kind"><Select style={{ width: 130 }} options={[{ value: 'PERCENT', label: t('couponPercent') }, { value: 'FIXED', label: t('couponFixed') }]} /></Form.Item>
          <Form.Item label={t('couponValue')} name="value" rules={[{ required: true, message: t('required') }]}><InputNumber min={1} controls={false} style={{ width: 110 }} /></Form.Item>
          <Form.Item label="English" name="en" rules={[{ required: true, message: t('required') }]}><Input maxLength={200} /></Form.Item>
          <Form.Item label="中文" name="zh" rules={[{ required: true, message: t('required') }]}><Input maxLength={200} /></Form.Item>
          <Form.Item name="firstOrderOnly" valuePropName="checked"><Checkbox>{t('couponFirstOrder')}</Checkbox></Form.Item>
          <Button type="primary" htmlType="submit" loading={busy === 'create'}>{t('couponCreate')}</Button>
        </Form>
      </Card>
      {error && <Alert type="error" role="alert" message={error} showIcon style={{ marginBottom: 8 }} />}
      <Table rowKey="code" size="small" loading={!data} dataSource={data?.coupons ?? []} pagination={{ pageSize: 50 }} scroll={{ x: true }}
        columns={[
          { title: t('couponCode'), dataIndex: 'code' },
          { title: t('couponValue'), key: 'value', render: (_: unknown, c) => (c.kind === 'PERCENT' ? `${c.value}%` : String(c.value)) },
          { title: t('status'), key: 'active', render: (_: unknown, c) => <Tag color={c.active ? 'green' : 'default'} data-testid={`coupon-${c.code}`}>{c.active ? t('couponActive') : t('couponEnded')}</Tag> },
          { title: t('couponUses'), dataIndex: 'uses', responsive: ['md'] },
          { title: t('couponExpires'), dataIndex: 'expiresAt', render: (v: string | null) => (v ? time(v) : '-'), responsive: ['md'] },
          { title: '', key: 'do', render: (_: unknown, c) => (c.active ? <Button size="small" danger loading={busy === c.code} onClick={() => run(c.code, () => api.disableCoupon(c.code))}>{t('couponDisable')}</Button> : null) },
        ]} />
    </>
  );
}

export default Coupons;
