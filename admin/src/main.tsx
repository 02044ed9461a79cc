/**
 * The back office (issue 43) at /admin: sign in, the day's orders with a live count, an order's page with its moves
 * and refunds, the printable pick list, and for the owner the activity and staff lists. React + Ant Design v5; en and
 * zh; one column on a phone, wider tables on a desktop. The server checks every call (roles, XSRF): the screens only
 * hide what it would refuse.
 */
import React, { useCallback, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App as AntApp, Button, Card, ConfigProvider, DatePicker, Descriptions, Empty, Form, Input, InputNumber, Layout, Menu, Modal, Result, Select, Space, Spin, Statistic, Table, Tag, Timeline, Typography } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import { api, ApiFailure, newKey, type AdminDayOrders, type AdminMove, type AdminOrder, type AdminSession } from './api.ts';
import { initialLang, keepLang, texts, type Lang, type Texts } from './i18n.ts';
import './admin.css';

const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
// The page's CSP takes styles by nonce only: Ant Design's CSS-in-JS gets it from ConfigProvider, and every <style> this
// bundle creates elsewhere (rc-util's measuring styles) gets it here. Markup injected as text never passes here.
const createElement = document.createElement.bind(document);
document.createElement = ((tag: string, options?: ElementCreationOptions) => {
  const element = createElement(tag, options);
  if (tag.toLowerCase() === 'style') (element as HTMLStyleElement).nonce = nonce;
  return element;
}) as typeof document.createElement;

/** The app's place: /admin, /admin/orders/:id, /admin/picklist, /admin/activity, /admin/staff. */
function usePath(): [string, (to: string) => void] {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const back = () => setPath(location.pathname);
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);
  const go = useCallback((to: string) => {
    history.pushState(null, '', to);
    setPath(to);
    scrollTo(0, 0);
  }, []);
  return [path, go];
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

function SignIn({ tx, onSignedIn }: { tx: Texts; onSignedIn: (s: AdminSession) => void }) {
  const { t } = tx;
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Card title={t('title')} style={{ maxWidth: 400, margin: '48px auto' }}>
      <Form layout="vertical" onFinish={async (v: { email: string; password: string }) => {
        setBusy(true);
        setError('');
        try {
          onSignedIn(await api.signIn(v.email, v.password));
        } catch (e) {
          setError(errorText(e));
        } finally {
          setBusy(false);
        }
      }}>
        <Form.Item label={t('email')} name="email" rules={[{ required: true, message: t('required') }]}>
          <Input type="email" autoComplete="username" />
        </Form.Item>
        <Form.Item label={t('password')} name="password" rules={[{ required: true, message: t('required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {error && <Typography.Paragraph type="danger" role="alert">{error}</Typography.Paragraph>}
        <Button type="primary" htmlType="submit" block loading={busy}>{t('signIn')}</Button>
      </Form>
    </Card>
  );
}

const STATUS_COLOURS: Record<string, string> = {
  NEW: 'blue', READY_FOR_PICKUP: 'green', OUT_FOR_DELIVERY: 'cyan', COMPLETED: 'default', CANCELLED: 'default', REFUND_PENDING: 'orange',
  REFUNDED: 'default', DISPUTED: 'red', CHARGED_BACK: 'red',
};
const StatusTag = ({ tx, status }: { tx: Texts; status: string }) => <Tag color={STATUS_COLOURS[status]} data-status={status}>{tx.word(status)}</Tag>;

/** The day's orders, polled every 15 seconds (the live count). */
function Desk({ tx, go }: { tx: Texts; go: (to: string) => void }) {
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

function RefundDialog({ tx, order, open, onClose, onDone }: { tx: Texts; order: AdminOrder; open: boolean; onClose: () => void; onDone: (o: AdminOrder) => void }) {
  const { t, money, decimals } = tx;
  const { message } = AntApp.useApp();
  const [key, setKey] = useState(newKey);
  const [busy, setBusy] = useState(false);
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
      <Form form={form} layout="vertical" initialValues={{ reason: '' }} onFinish={async (v: { amount?: number | null; reason: string }) => {
        setBusy(true);
        try {
          const amount = v.amount == null ? undefined : Math.round(v.amount * 10 ** d);
          const done = await api.refund(order.orderID, { amount, reason: v.reason.trim() || 'Refunded by the store', key });
          message[done.repeated ? 'info' : 'success'](done.repeated ? t('refundRepeated') : t('refundDone', { id: done.refund.id, amount: money(done.refund.amount, order.currency) }));
          onDone(done.order);
          onClose();
        } catch (e) {
          message.error(errorText(e));
        } finally {
          setBusy(false);
        }
      }}>
        <Form.Item label={`${t('amount')} (${order.currency}) · ${t('refundAll')}: ${t('refund')} ${money(order.refundable, order.currency)}`} name="amount">
          <InputNumber min={1 / 10 ** d} max={order.refundable / 10 ** d} step={1 / 10 ** d} precision={d} style={{ width: '100%' }} placeholder={(order.refundable / 10 ** d).toFixed(d)} />
        </Form.Item>
        <Form.Item label={t('reason')} name="reason"><Input maxLength={300} /></Form.Item>
      </Form>
    </Modal>
  );
}

function OrderPage({ tx, id, go, can }: { tx: Texts; id: string; go: (to: string) => void; can: (p: string) => boolean }) {
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

function PickList({ tx }: { tx: Texts }) {
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

function Activity({ tx }: { tx: Texts }) {
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

function StaffList({ tx }: { tx: Texts }) {
  const { t, word, time } = tx;
  const { message } = AntApp.useApp();
  const [data, setData] = useState<Awaited<ReturnType<typeof api.staff>> | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  useEffect(() => {
    api.staff().then(setData, (e) => setError(errorText(e)));
  }, []);
  if (error) return <Result status="403" title={error} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={t('invite')}>
        <Form form={form} layout="vertical" initialValues={{ role: 'staff', locale: tx.lang, name: '' }} onFinish={async (v: { email: string; role: 'owner' | 'staff'; name: string; locale: 'en' | 'zh' }) => {
          setBusy(true);
          try {
            setData(await api.invite(v));
            message.success(t('invited', { email: v.email }));
            form.resetFields();
          } catch (e) {
            message.error(errorText(e));
          } finally {
            setBusy(false);
          }
        }}>
          <Form.Item label={t('email')} name="email" rules={[{ required: true, message: t('required') }]}><Input type="email" /></Form.Item>
          <Form.Item label={t('name')} name="name"><Input maxLength={100} /></Form.Item>
          <Form.Item label={t('role')} name="role"><Select options={[{ value: 'staff', label: word('staff') }, { value: 'owner', label: word('owner') }]} /></Form.Item>
          <Form.Item label={t('mailLanguage')} name="locale"><Select options={[{ value: 'en', label: 'English' }, { value: 'zh', label: '中文' }]} /></Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>{t('invite')}</Button>
        </Form>
      </Card>
      <Table rowKey="email" size="small" loading={!data} dataSource={data?.staff ?? []} pagination={false} scroll={{ x: true }}
        columns={[
          { title: t('email'), dataIndex: 'email' },
          { title: t('role'), dataIndex: 'role', render: word },
          { title: t('lastSignIn'), dataIndex: 'lastLoginAt', render: (v: string | null) => (v ? time(v) : '-') },
          { title: '', key: 'state', render: (_: unknown, s) => <>{s.locked && <Tag color="orange">{t('locked')}</Tag>}{s.disabled && <Tag>{t('disabled')}</Tag>}</> },
        ]} />
    </Space>
  );
}

/** /admin/accept?token=…: the invited person chooses a password, then signs in. */
function AcceptInvitation({ tx, go }: { tx: Texts; go: (to: string) => void }) {
  const { t } = tx;
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  if (done) return <Result status="success" title={t('accepted', { email: done })} extra={<Button type="primary" onClick={() => go('/admin')}>{t('signIn')}</Button>} />;
  return (
    <Card title={t('choosePassword')} style={{ maxWidth: 400, margin: '48px auto' }}>
      <Form layout="vertical" onFinish={async (v: { password: string; again: string }) => {
        setBusy(true);
        setError('');
        try {
          setDone((await api.accept(token, v.password)).email);
        } catch (e) {
          setError(errorText(e));
        } finally {
          setBusy(false);
        }
      }}>
        <Form.Item label={t('password')} name="password" rules={[{ required: true, message: t('required') }]}><Input.Password autoComplete="new-password" /></Form.Item>
        <Form.Item label={t('passwordAgain')} name="again" dependencies={['password']} rules={[{ required: true, message: t('required') },
          ({ getFieldValue }) => ({ validator: (_r, value) => (value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('passwordsDiffer')))) })]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {error && <Typography.Paragraph type="danger" role="alert">{error}</Typography.Paragraph>}
        <Button type="primary" htmlType="submit" block loading={busy}>{t('save')}</Button>
      </Form>
    </Card>
  );
}

function Shell() {
  const [lang, setLang] = useState<Lang>(initialLang);
  const tx = useMemo(() => texts(lang), [lang]);
  const { t } = tx;
  const [session, setSession] = useState<AdminSession | null>(null);
  const [failure, setFailure] = useState('');
  const [path, go] = usePath();
  useEffect(() => {
    api.session().then(setSession, (e) => setFailure(errorText(e)));
  }, []);
  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    document.title = t('title');
  }, [lang, t]);
  const can = useCallback((p: string) => !!session?.permissions.includes(p as never), [session]);
  const switchLang = () => {
    const next = lang === 'en' ? 'zh' : 'en';
    keepLang(next);
    setLang(next);
  };
  let body: React.ReactNode;
  if (failure) body = <Result status="error" title={failure} />;
  else if (!session) body = <Spin />;
  else if (path === '/admin/accept') body = <AcceptInvitation tx={tx} go={go} />;
  else if (!session.staff) body = <SignIn tx={tx} onSignedIn={setSession} />;
  else if (/^\/admin\/orders\/\d+$/.test(path)) body = <OrderPage key={path} tx={tx} id={path.split('/').pop()!} go={go} can={can} />;
  else if (path === '/admin/picklist') body = <PickList tx={tx} />;
  else if (path === '/admin/activity') body = can('activity.read') ? <Activity tx={tx} /> : <Result status="403" title={t('ownerOnly')} subTitle="activity.read" />;
  else if (path === '/admin/staff') body = can('staff.manage') ? <StaffList tx={tx} /> : <Result status="403" title={t('ownerOnly')} subTitle="staff.manage" />;
  else body = <Desk tx={tx} go={go} />;
  const items = [
    { key: '/admin', label: t('desk') },
    { key: '/admin/picklist', label: t('pickList') },
    ...(can('activity.read') ? [{ key: '/admin/activity', label: t('activity') }] : []),
    ...(can('staff.manage') ? [{ key: '/admin/staff', label: t('staff') }] : []),
  ];
  return (
    <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} csp={{ nonce }} button={{ autoInsertSpace: false }}>
      <AntApp>
        <Layout style={{ minHeight: '100vh' }}>
          <Layout.Header className="no-print" style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '0 12px' }}>
            <Typography.Text strong style={{ color: '#fff', whiteSpace: 'nowrap' }}>{t('title')}</Typography.Text>
            {session?.staff && (
              <Menu theme="dark" mode="horizontal" style={{ flex: 1, minWidth: 0 }} selectedKeys={[path.startsWith('/admin/orders') ? '/admin' : path]}
                items={items} onClick={({ key }) => go(key)} />
            )}
            <Space style={{ marginLeft: 'auto' }}>
              <Button size="small" onClick={switchLang} lang={lang === 'en' ? 'zh' : 'en'}>{t('language')}</Button>
              {session?.staff && (
                <Button size="small" onClick={async () => setSession(await api.signOut())} title={session.staff.email}>{t('signOut')}</Button>
              )}
            </Space>
          </Layout.Header>
          <Layout.Content style={{ padding: 12, maxWidth: 1200, width: '100%', margin: '0 auto' }}>{body}</Layout.Content>
        </Layout>
      </AntApp>
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(<Shell />);

export { ApiFailure };
