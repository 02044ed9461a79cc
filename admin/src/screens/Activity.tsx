/** The activity list: who changed what, and when (owner). */
import { useEffect, useState } from 'react';
import Result from 'antd/es/result';
import Table from 'antd/es/table';
import { api } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { errorText } from './common.tsx';

export function Activity({ tx }: { tx: Texts }) {
  const { t, time } = tx;
  const [data, setData] = useState<Awaited<ReturnType<typeof api.activity>> | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api.activity().then(setData, (e) => setError(errorText(e)));
  }, []);
  if (error) return <Result status="403" title={error} />;
  return (
    <Table rowKey="id" size="small" loading={!data} dataSource={data?.items ?? []} pagination={{ pageSize: 50 }} scroll={{ x: true }}
      columns={[
        { title: t('when'), dataIndex: 'at', render: time },
        { title: t('who'), dataIndex: 'actor' },
        { title: t('what'), key: 'what', render: (_: unknown, a) => `${a.action} ${a.subject}` },
        { title: '', dataIndex: 'detail', responsive: ['md'] },
      ]} />
  );
}

export default Activity;
