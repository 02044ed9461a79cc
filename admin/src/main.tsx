/**
 * The back office (issue 43) at /admin: sign in, the day's orders with a live count, an order's page with its moves
 * and refunds, the printable pick list, and for the owner the activity and staff lists. React + Ant Design v5; en and
 * zh; one column on a phone, wider tables on a desktop. The server checks every call (roles, XSRF): the screens only
 * hide what it would refuse.
 */
import React, { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import AntApp from 'antd/es/app';
import Button from 'antd/es/button';
import ConfigProvider from 'antd/es/config-provider';
import Layout from 'antd/es/layout';
import Menu from 'antd/es/menu';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { api, ApiFailure, type AdminSession } from './api.ts';
import { initialLang, keepLang, texts, type Lang } from './i18n.ts';
import { errorText } from './screens/common.tsx';
// The sign-in screen comes with the first load; the orders desk is fetched beside it (index.html preloads its chunks,
// and the import below starts at once); every other screen is its own chunk, loaded when it is first opened
// (scripts/build-admin.mjs splits on these import()s). A new screen: a default export in its own file under screens/,
// and a lazy() line here.
import SignIn from './screens/SignIn.tsx';
const desk = import('./screens/Desk.tsx');
const Desk = lazy(() => desk);
const OrderPage = lazy(() => import('./screens/OrderPage.tsx'));
const PickList = lazy(() => import('./screens/PickList.tsx'));
const Activity = lazy(() => import('./screens/Activity.tsx'));
const StaffList = lazy(() => import('./screens/StaffList.tsx'));
const AcceptInvitation = lazy(() => import('./screens/AcceptInvitation.tsx'));
const Security = lazy(() => import('./screens/Security.tsx'));
const Reviews = lazy(() => import('./screens/Reviews.tsx'));
const Attention = lazy(() => import('./screens/Attention.tsx'));
const Coupons = lazy(() => import('./screens/Coupons.tsx'));
const Settings = lazy(() => import('./screens/Settings.tsx'));
const Products = lazy(() => import('./screens/Products.tsx'));
const ProductPage = lazy(() => import('./screens/ProductPage.tsx'));
const Blog = lazy(() => import('./screens/Blog.tsx'));
const Campaigns = lazy(() => import('./screens/Campaigns.tsx'));
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
  else if (path === '/admin/products') body = <Products tx={tx} go={go} can={can} />;
  else if (/^\/admin\/products\/\d+$/.test(path)) body = <ProductPage key={path} tx={tx} id={path.split('/').pop()!} go={go} can={can} />;
  else if (path === '/admin/settings' || /^\/admin\/settings\/(delivery|menus|pages|home|social)$/.test(path)) body = can('settings.edit') ? <Settings tx={tx} path={path} go={go} /> : <Result status="403" title={t('ownerOnly')} subTitle="settings.edit" />;
  else if (path === '/admin/reviews' || /^\/admin\/reviews\/\d+$/.test(path)) body = <Reviews tx={tx} path={path} go={go} />;
  else if (path === '/admin/attention') body = can('attention.handle') ? <Attention tx={tx} go={go} /> : <Result status="403" title={t('ownerOnly')} subTitle="attention.handle" />;
  else if (path === '/admin/coupons') body = can('promotions.edit') ? <Coupons tx={tx} /> : <Result status="403" title={t('ownerOnly')} subTitle="promotions.edit" />;
  else if (path === '/admin/campaigns') body = can('promotions.edit') ? <Campaigns tx={tx} /> : <Result status="403" title={t('ownerOnly')} subTitle="promotions.edit" />;
  else if (path === '/admin/blog' || /^\/admin\/blog\/[^/]+$/.test(path)) body = can('blog.edit') ? <Blog tx={tx} path={path} go={go} /> : <Result status="403" title={t('ownerOnly')} subTitle="blog.edit" />;
  else if (path === '/admin/security') body = can('totp.manage') ? <Security tx={tx} onChanged={() => api.session().then(setSession)} /> : <Result status="403" title={t('ownerOnly')} subTitle="totp.manage" />;
  else body = <Desk tx={tx} go={go} />;
  const items = [
    { key: '/admin', label: t('desk') },
    { key: '/admin/picklist', label: t('pickList') },
    { key: '/admin/products', label: t('products') },
    ...(can('activity.read') ? [{ key: '/admin/activity', label: t('activity') }] : []),
    ...(can('staff.manage') ? [{ key: '/admin/staff', label: t('staff') }] : []),
    ...(can('reviews.decide') ? [{ key: '/admin/reviews', label: t('reviews') }] : []),
    ...(can('attention.handle') ? [{ key: '/admin/attention', label: t('attention') }] : []),
    ...(can('promotions.edit') ? [{ key: '/admin/coupons', label: t('coupons') }] : []),
    ...(can('totp.manage') ? [{ key: '/admin/security', label: t('security') }] : []),
    ...(can('settings.edit') ? [{ key: '/admin/settings', label: t('settings') }] : []),
    // Last: on a narrow window the menu folds its last items into its overflow, and the journeys open these by address.
    ...(can('promotions.edit') ? [{ key: '/admin/campaigns', label: t('campaigns') }] : []),
    ...(can('blog.edit') ? [{ key: '/admin/blog', label: t('blog') }] : []),
  ];
  return (
    <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} csp={{ nonce }} button={{ autoInsertSpace: false }}>
      <AntApp>
        <Layout style={{ minHeight: '100vh' }}>
          <Layout.Header className="no-print" style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '0 12px' }}>
            <Typography.Text strong style={{ color: '#fff', whiteSpace: 'nowrap' }}>{t('title')}</Typography.Text>
            {session?.staff && (
              <Menu theme="dark" mode="horizontal" style={{ flex: 1, minWidth: 0 }} selectedKeys={[path.startsWith('/admin/orders') ? '/admin' : path.startsWith('/admin/settings') ? '/admin/settings' : path.startsWith('/admin/products') ? '/admin/products' : path.startsWith('/admin/reviews') ? '/admin/reviews' : path.startsWith('/admin/blog') ? '/admin/blog' : path]}
                items={items} onClick={({ key }) => go(key)} />
            )}
            <Space style={{ marginLeft: 'auto' }}>
              <Button size="small" onClick={switchLang} lang={lang === 'en' ? 'zh' : 'en'}>{t('language')}</Button>
              {session?.staff && (
                <Button size="small" onClick={async () => setSession(await api.signOut())} title={session.staff.email}>{t('signOut')}</Button>
              )}
            </Space>
          </Layout.Header>
          <Layout.Content style={{ padding: 12, maxWidth: 1200, width: '100%', margin: '0 auto' }}><Suspense fallback={<Spin />}>{body}</Suspense></Layout.Content>
        </Layout>
      </AntApp>
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(<Shell />);

export { ApiFailure };
