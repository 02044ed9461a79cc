/** The printable pick list of a day. */
import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import dayjs from 'dayjs';
import { api } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { errorText } from './common.tsx';

export function PickList({ tx }: { tx: Texts }) {
  const { t } = tx;
  const [data, setData] = useState<Awaited<ReturnType<typeof api.pickList>> | null>(null);
  const [date, setDate] = useState<string | undefined>(undefined);
  const [error, setError] = useState('');
  useEffect(() => {
    api.pickList({ date }).then(setData, (e) => setError(errorText(e)));
  }, [date]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap className="no-print">
        <DatePicker aria-label={t('day')} value={date ? dayjs(date) : data ? dayjs(data.day) : null} allowClear={false} onChange={(d) => setDate(d?.format('YYYY-MM-DD'))} />
        <Button type="primary" onClick={() => print()}>{t('print')}</Button>
      </Space>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <Typography.Title level={3}>{t('toPrepare')} {data?.day}</Typography.Title>
      <Table rowKey={(l) => `${l.store}|${l.productId}|${l.options}`} size="small" pagination={false} dataSource={data?.lines ?? []} loading={!data && !error}
        locale={{ emptyText: <Empty description={t('nothingToPrepare')} /> }}
        columns={[
          { title: t('store'), dataIndex: 'store', render: (s: string | null) => s ?? t('noStore') },
          { title: t('quantity'), dataIndex: 'quantity' },
          { title: t('product'), key: 'name', render: (_: unknown, l) => `${l.name}${l.options ? ` (${l.options})` : ''}` },
          { title: t('order'), dataIndex: 'orderIDs', render: (ids: string[]) => ids.map((i) => `#${i}`).join(', ') },
        ]} />
    </Space>
  );
}

export default PickList;
