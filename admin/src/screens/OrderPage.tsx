/** An order's page: its moves, lines, amounts, payments, refunds and history, and the refund dialog. */
import { useEffect, useState } from 'react';
import AntApp from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import { api, newKey, type AdminMove, type AdminOrder } from '../api.ts';
import type { Texts } from '../i18n.ts';
import { errorText, StatusTag, useAction } from './common.tsx';

export function RefundDialog({ tx, order, open, onClose, onDone }: { tx: Texts; order: AdminOrder; open: boolean; onClose: () => void; onDone: (o: AdminOrder) => void }) {
  const { t, money, decimals } = tx;
  const { message } = AntApp.useApp();
  const [key, setKey] = useState(newKey);
  const [busy, run] = useAction((e) => message.error(errorText(e)));
  const [form] = Form.useForm();
  useEffect(() => {
    if (open) {
      setKey(newKey());
      form.resetFields();
    }
  }, [open, form]);
  const d = decimals(order.currency);
  return (
    <Modal open={open} title={`${t('refund')} #${order.orderID}`} onCancel={onClose} okText={t('refund')} cancelText={t('cancel')}
      confirmLoading={busy} onOk={() => form.submit()} destroyOnClose>
      <Typography.Paragraph>{t('refundable')}: {money(order.refundable, order.currency)}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ reason: '' }} onFinish={(v: { amount?: number | null; reason: string }) => run(async () => {
        const amount = v.amount == null ? undefined : Math.round(v.amount * 10 ** d);
        const done = await api.refund(order.orderID, { amount, reason: v.reason.trim() || 'Refunded by the store', key });
        message[done.repeated ? 'info' : 'success'](done.repeated ? t('refundRepeated') : t('refundDone', { id: done.refund.id, amount: money(done.refund.amount, order.currency) }));
        onDone(done.order);
        onClose();
      })}>
        <Form.Item label={`${t('amount')} (${order.currency}) · ${t('refundAll')}: ${t('refund')} ${money(order.refundable, order.currency)}`} name="amount">
          <InputNumber min={1 / 10 ** d} max={order.refundable / 10 ** d} step={1 / 10 ** d} precision={d} style={{ width: '100%' }} placeholder={(order.refundable / 10 ** d).toFixed(d)} />
        </Form.Item>
        <Form.Item label={t('reason')} name="reason"><Input maxLength={300} /></Form.Item>
      </Form>
    </Modal>
  );
}

export function OrderPage({ tx, id, go, can }: { tx: Texts; id: string; go: (to: string) => void; can: (p: string) => boolean }) {
  const { t, word, money, time } = tx;
  const { message, modal } = AntApp.useApp();
  const [order, setOrder] = useState<AdminOrder | null>(null);
  const [error, setError] = useState('');
  const [refunding, setRefunding] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState('');
  useEffect(() => {
    api.order(id).then(setOrder, (e) => setError(errorText(e)));
  }, [id]);
  if (error) return <Result status={error.startsWith('Order') ? '404' : 'error'} title={error} extra={<Button onClick={() => go('/admin')}>{t('back')}</Button>} />;
  if (!order) return <Spin />;
  const move = async (m: AdminMove) => {
    const run = async () => {
      setBusy(m);
      try {
        const after = await api.move(order.orderID, m, note);
        setOrder(after);
        setNote('');
        message.success(t('moved', { id: after.orderID, status: word(after.status) }));
      } catch (e) {
        message.error(errorText(e));
      } finally {
        setBusy('');
      }
    };
    if (m === 'cancelled') modal.confirm({ title: t('cancelConfirm'), okText: t('confirm'), cancelText: t('cancel'), okButtonProps: { danger: true }, onOk: run });
    else await run();
  };
  const c = order.currency;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Button onClick={() => go('/admin')}>{t('back')}</Button>
      <Typography.Title level={3}>{t('order')} #{order.orderID} <StatusTag tx={tx} status={order.status} /></Typography.Title>
      {can('orders.move') && (
        <Card size="small" title={t('moves')}>
          {order.moves.length ? (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Input placeholder={t('note')} value={note} maxLength={300} onChange={(e) => setNote(e.target.value)} aria-label={t('note')} />
              <Space wrap>
                {order.moves.map((m) => (
                  <Button key={m} type={m === 'cancelled' ? 'default' : 'primary'} danger={m === 'cancelled'} loading={busy === m} onClick={() => move(m)}>{t(`move.${m}`)}</Button>
                ))}
              </Space>
            </Space>
          ) : <Typography.Text type="secondary">{t('noMoves')}</Typography.Text>}
          {can('orders.refund') && order.refundable > 0 && (
            <div style={{ marginTop: 12 }}><Button onClick={() => setRefunding(true)}>{t('refund')}…</Button></div>
          )}
        </Card>
      )}
      <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2, lg: 3 }}>
        <Descriptions.Item label={t('method')}>{word(order.method)}</Descriptions.Item>
        <Descriptions.Item label={t('store')}>{order.storeName ?? order.store ?? t('noStore')}</Descriptions.Item>
        <Descriptions.Item label={t('due')}>{order.due ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('payment')}>{word(order.paymentStatus)}</Descriptions.Item>
        <Descriptions.Item label={t('shopper')}>{order.contact?.name || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('email')}>{order.contact?.email || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('phone')}>{order.contact?.phone || '-'}</Descriptions.Item>
        {order.deliveryAddress && <Descriptions.Item label={t('address')}>{order.deliveryAddress}</Descriptions.Item>}
        {order.comment && <Descriptions.Item label={t('comment')}>{order.comment}</Descriptions.Item>}
      </Descriptions>
      <Table rowKey={(l) => `${l.productId}|${l.options}|${l.unitPrice}`} size="small" pagination={false} title={() => t('lines')} dataSource={order.lines} scroll={{ x: true }}
        columns={[
          { title: t('product'), key: 'name', render: (_: unknown, l) => <>{tx.lang === 'zh' ? l.name.zh || l.name.en : l.name.en}{l.options && <Typography.Text type="secondary"> ({l.options})</Typography.Text>}</> },
          { title: t('quantity'), dataIndex: 'quantity' },
          { title: t('price'), key: 'price', render: (_: unknown, l) => money(l.lineTotal, c) },
        ]} />
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label={t('subtotal')}>{money(order.subtotal, c)}</Descriptions.Item>
        {order.discount > 0 && <Descriptions.Item label={t('discount')}>-{money(order.discount, c)}</Descriptions.Item>}
        {order.tip > 0 && <Descriptions.Item label={t('tip')}>{money(order.tip, c)}</Descriptions.Item>}
        {order.tax > 0 && <Descriptions.Item label={t('tax')}>{money(order.tax, c)}</Descriptions.Item>}
        {order.shipping > 0 && <Descriptions.Item label={t('shipping')}>{money(order.shipping, c)}</Descriptions.Item>}
        {order.storeCredit > 0 && <Descriptions.Item label={t('storeCredit')}>{money(order.storeCredit, c)}</Descriptions.Item>}
        <Descriptions.Item label={t('total')}><strong>{money(order.total, c)}</strong></Descriptions.Item>
        <Descriptions.Item label={t('refunded')}><span data-testid="refunded">{money(order.refunded, c)}</span></Descriptions.Item>
      </Descriptions>
      {order.payments.length > 0 && (
        <Table rowKey="id" size="small" pagination={false} title={() => t('payments')} dataSource={order.payments} scroll={{ x: true }}
          columns={[
            { title: t('when'), dataIndex: 'createdAt', render: time },
            { title: t('method'), dataIndex: 'channel' },
            { title: t('status'), dataIndex: 'status', render: word },
            { title: t('amount'), dataIndex: 'amount', render: (a: number) => money(a, c) },
          ]} />
      )}
      {order.refunds.length > 0 && (
        <Table rowKey="id" size="small" pagination={false} title={() => t('refunds')} dataSource={order.refunds} scroll={{ x: true }}
          columns={[
            { title: t('when'), dataIndex: 'createdAt', render: time },
            { title: t('amount'), dataIndex: 'amount', render: (a: number) => money(a, c) },
            { title: t('status'), dataIndex: 'status', render: word },
            { title: t('reason'), dataIndex: 'reason' },
          ]} />
      )}
      <Card size="small" title={t('history')}>
        {order.history.length ? (
          <Timeline items={order.history.map((e) => ({ children: <span data-testid="history-line">{time(e.at)} · {e.actor} · {word(e.from)} → {word(e.to)}{e.note ? ` · ${e.note}` : ''}</span> }))} />
        ) : <Typography.Text type="secondary">{t('noHistory')}</Typography.Text>}
      </Card>
      <RefundDialog tx={tx} order={order} open={refunding} onClose={() => setRefunding(false)} onDone={setOrder} />
    </Space>
  );
}

export default OrderPage;
