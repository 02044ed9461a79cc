/**
 * Payments needing a hand (owner; what `npm run attention` lists): stuck refunds, payments to return, open disputes,
 * failed WeChat shipping uploads, statement lines; a refund the provider ended failed, or a statement line, is marked
 * handled by the signed-in staff member, as `attention handled --by` does.
 */
import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { api, type AdminAttention } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { errorText } from './common.tsx';

export function Attention({ tx, go }: { tx: Texts; go: (p: string) => void }) {
  const { t, time, money } = tx;
  const [data, setData] = useState<AdminAttention | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState('');
  useEffect(() => {
    api.attention().then(setData, (e) => setError(errorText(e)));
  }, []);
  const handled = async (kind: 'refund' | 'statement', id: string) => {
    setBusy(id);
    setError('');
    try {
      setData(await api.handled(kind, id));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy('');
    }
  };
  if (error && !data) return <Result status="error" title={error} />;
  return (
    <>
      {error && <Alert type="error" role="alert" message={error} showIcon style={{ marginBottom: 8 }} />}
      <Table rowKey={(i) => `${i.kind}:${i.id}`} size="small" loading={!data} dataSource={data?.items ?? []} pagination={{ pageSize: 50 }} scroll={{ x: true }}
        locale={{ emptyText: t('attentionNone') }}
        columns={[
          { title: t('when'), dataIndex: 'since', render: time },
          { title: t('attentionKind'), dataIndex: 'kind', render: (k: string) => <Tag>{t(`attention_${k}` as never) || k}</Tag> },
          { title: t('order'), key: 'order', render: (_: unknown, i) => (i.orderID ? <a href={`/admin/orders/${i.orderID}`} onClick={(e) => { e.preventDefault(); go(`/admin/orders/${i.orderID}`); }}>{i.orderID}</a> : i.depositId ?? '-') },
          { title: t('amount'), key: 'amount', render: (_: unknown, i) => (i.amount != null && i.currency ? money(i.amount, i.currency) : '-') },
          { title: '', dataIndex: 'detail', responsive: ['md'] },
          { title: '', key: 'do', render: (_: unknown, i) => (i.handleable && (i.kind === 'refund' || i.kind === 'statement')
            ? <Button size="small" loading={busy === i.id} onClick={() => handled(i.kind as 'refund' | 'statement', i.id)}>{t('attentionHandled')}</Button> : null) },
        ]} />
    </>
  );
}

export default Attention;
