import { useCallback, useEffect, useMemo, useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import dayjs from 'dayjs';
import { api, type AdminDayOrders } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { errorText, StatusTag } from './common.tsx';

/** The day's orders, polled every 15 seconds (the live count). */
export function Desk({ tx, go }: { tx: Texts; go: (to: string) => void }) {
  const { t, word, money } = tx;
  const [date, setDate] = useState<string | undefined>(undefined);
  const [store, setStore] = useState<string | undefined>(undefined);
  const [method, setMethod] = useState<string | undefined>(undefined);
  const [data, setData] = useState<AdminDayOrders | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(() => api.today({ date, store, method }).then((d) => { setData(d); setError(''); }, (e) => setError(errorText(e))), [date, store, method]);
  useEffect(() => {
    load();
    const timer = setInterval(load, 15_000);
    return () => clearInterval(timer);
  }, [load]);
  const stores = useMemo(() => [...new Set((data?.counts ?? []).map((c) => c.store).filter((s): s is string => !!s))], [data]);
  const total = data?.orders.length ?? 0;
  const open = data?.counts.reduce((n, c) => n + c.open, 0) ?? 0;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <DatePicker aria-label={t('day')} value={date ? dayjs(date) : data ? dayjs(data.day) : null} allowClear={false}
          onChange={(d) => setDate(d ? d.format('YYYY-MM-DD') : undefined)} />
        <Select aria-label={t('store')} style={{ minWidth: 140 }} value={store ?? ''} onChange={(v) => setStore(v || undefined)}
          options={[{ value: '', label: `${t('store')}: ${t('all')}` }, ...stores.map((s) => ({ value: s, label: s }))]} />
        <Select aria-label={t('method')} style={{ minWidth: 140 }} value={method ?? ''} onChange={(v) => setMethod(v || undefined)}
          options={[{ value: '', label: `${t('method')}: ${t('all')}` }, ...['PICKUP', 'DELIVERY', 'EAT_IN'].map((m) => ({ value: m, label: word(m) }))]} />
        <Button onClick={load}>{t('refresh')}</Button>
      </Space>
      {error && <Typography.Text type="danger" role="alert">{error}</Typography.Text>}
      <Typography.Title level={4} data-testid="live-count" aria-live="polite">{total === 1 ? t('liveCountOne', { open }) : t('liveCount', { n: total, open })}</Typography.Title>
      <Space wrap>
        {(data?.counts ?? []).map((c) => (
          <Card size="small" key={`${c.store}|${c.method}`}>
            <Statistic title={`${c.store ?? t('noStore')} · ${word(c.method)}`} value={c.total} suffix={`(${c.open} ${t('open')})`} />
          </Card>
        ))}
      </Space>
      <Table rowKey="orderID" size="small" loading={!data && !error} dataSource={data?.orders ?? []} pagination={false} scroll={{ x: true }}
        onRow={(o) => ({ onClick: () => go(`/admin/orders/${o.orderID}`), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('order'), dataIndex: 'orderID', render: (id: string) => <a href={`/admin/orders/${id}`} onClick={(e) => { e.preventDefault(); go(`/admin/orders/${id}`); }}>#{id}</a> },
          { title: t('due'), dataIndex: 'due', render: (d: string | null) => d ?? '-' },
          { title: t('status'), dataIndex: 'status', render: (s: string) => <StatusTag tx={tx} status={s} /> },
          { title: t('store'), dataIndex: 'store', responsive: ['md'], render: (s: string | null) => s ?? t('noStore') },
          { title: t('method'), dataIndex: 'method', responsive: ['md'], render: (m: string) => word(m) },
          { title: t('customer'), dataIndex: 'customer', responsive: ['sm'] },
          { title: t('items'), dataIndex: 'items', responsive: ['lg'] },
          { title: t('total'), key: 'total', render: (_: unknown, o) => money(o.total, o.currency) },
        ]} />
    </Space>
  );
}

export default Desk;
