import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverOnFreshDb, Shopper, isError, ok, waitFor, CONTACT, ADDRESS } from './helpers.ts';
import { hashToken } from '../src/lib/session.ts';

const { srv } = serverOnFreshDb();

const DEMO = { emailID: 'demo@istore.test', password: 'demopass123' };

async function register(email: string) {
  const s = new Shopper(srv.base);
  const r = ok(await s.post('/common3/clientRegistration', { emailID: email, password: 'longenough1', firstName: 'Grace', lastName: 'Hopper' }));
  return { s, userID: r.userID as string };
}

test('admin routes answer 401 to guests', async () => {
  const g = new Shopper(srv.base);
  for (const u of ['/admin/orderManagement/orders/list', '/admin/orderManagement/orders/count', '/admin/orderManagement/order/100001',
    '/admin/storeCreditManagement/storeCredit', '/admin/storeCreditManagement/storeCreditHistory', '/admin/userManagement/getAddresses/me/type/SHIPPING',
    '/admin/orderManagement/customer/10001/orders']) {
    isError(await g.get(u), 401);
  }
  isError(await g.put('/admin/userManagement/userInfo', { firstName: 'X' }), 401);
  isError(await g.put('/admin/orderManagement/cancelOrder/100001'), 401);
});

test('registration: validation, duplicate 409, signed in afterwards', async () => {
  const s = new Shopper(srv.base);
  isError(await s.post('/common3/clientRegistration', { emailID: 'not-an-email', password: 'longenough1', firstName: 'A', lastName: 'B' }), 400);
  isError(await s.post('/common3/clientRegistration', { emailID: 'a@b.example', password: 'short', firstName: 'A', lastName: 'B' }), 400);
  isError(await s.post('/common3/clientRegistration', { emailID: 'a@b.example' }), 400);
  const r = ok(await s.post('/common3/clientRegistration', { emailID: 'New@Example.com', password: 'longenough1', firstName: 'New', lastName: 'Person' }));
  assert.equal(r.user.emailID, 'new@example.com');
  assert.ok(r.userID && r.lastLoginDate && r.myID);
  isError(await new Shopper(srv.base).post('/common3/clientRegistration', { emailID: 'new@example.com', password: 'longenough1', firstName: 'N', lastName: 'P' }), 409);
  const info = ok(await s.get('/common3/appInfoInit'));
  assert.equal(info.user.firstName, 'New');
  assert.equal(info.userID, r.userID);
  for (const k of ['lastLoginDate', 'myID', 'referrerUserGroup', 'membership']) assert.ok(k in info, k);
  assert.ok('profileImage' in info.user);
});

test('signon: same 401 text for wrong password and unknown e-mail; session rotates; logout', async () => {
  const s = new Shopper(srv.base);
  await s.get('/common3/changeLocale/zh');
  const guestToken = s.cookies.get('ISTORE_SESSION');
  const a = isError(await s.post('/common3/signon', { emailID: DEMO.emailID, password: 'wrongpass' }), 401);
  const b = isError(await s.post('/common3/signon', { emailID: 'nobody@istore.test', password: 'whatever1' }), 401);
  assert.equal(a.message, 'Incorrect e-mail or password');
  assert.equal(b.message, a.message);
  isError(await s.post('/common3/signon', { emailID: DEMO.emailID }), 400);
  const r = ok(await s.post('/common3/signon', DEMO));
  assert.equal(r.user.emailID, DEMO.emailID);
  assert.notEqual(s.cookies.get('ISTORE_SESSION'), guestToken, 'session token rotates on sign-in');
  const info = ok(await s.get('/common3/appInfoInit'));
  assert.equal(info.user.firstName, 'Demo');
  assert.equal(info.appContent.system.appMessage.currentLocale, 'zh', 'locale survives sign-in');
  ok(await s.get('/common3/logout'));
  const after = ok(await s.get('/common3/appInfoInit'));
  assert.equal(after.user, undefined);
  isError(await s.get('/admin/storeCreditManagement/storeCredit'), 401);
});

test('guest cart merges into the account cart on sign-in', async () => {
  const { s: u } = await register('merge@example.com');
  ok(await u.post('/shoppingManagement4/myCart', { productId: '1013', quantity: 1 }));
  ok(await u.get('/common3/logout'));
  assert.equal(ok(await u.get('/shoppingManagement4/myCart')).itemCount, 0, 'logged out: empty guest cart');
  const g = new Shopper(srv.base);
  ok(await g.post('/shoppingManagement4/myCart', { productId: '1013', quantity: 2 }));
  ok(await g.post('/shoppingManagement4/myCart', { productId: '1014', quantity: 1 }));
  ok(await g.post('/common3/signon', { emailID: 'merge@example.com', password: 'longenough1' }));
  const c = ok(await g.get('/shoppingManagement4/myCart'));
  assert.equal(c.lineItems['1013'].quantity, 3);
  assert.equal(c.lineItems['1014'].quantity, 1);
  assert.equal(c.itemCount, 4);
});

test('forgotPassword always 200; resetPasswordExternal with a token; resetPassword signed in', async () => {
  const { s } = await register('reset@example.com');
  const g = new Shopper(srv.base);
  const known = ok(await g.get('/common3/forgotPassword?emailID=reset@example.com'));
  const unknown = ok(await g.get('/common3/forgotPassword?emailID=ghost@example.com'));
  assert.deepEqual(known, unknown);
  isError(await g.get('/common3/forgotPassword'), 400);
  // The token is made after the answer (its time must not tell whether the account exists).
  await waitFor('the reset token', async () => (await srv.app.db.query(
    `SELECT 1 FROM password_resets r JOIN users u ON u.id = r.user_id WHERE u.email = 'reset@example.com'`)).rows[0]);
  const { rows } = await srv.app.db.query(`SELECT count(*)::int AS n FROM password_resets r JOIN users u ON u.id = r.user_id WHERE u.email = 'reset@example.com'`);
  assert.equal(rows[0].n, 1, 'a reset token is stored');
  // the e-mailed token is only logged; plant a known one the same way
  const uid = (await srv.app.db.query(`SELECT id FROM users WHERE email = 'reset@example.com'`)).rows[0].id;
  await srv.app.db.query(`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [hashToken('tok-123'), uid]);
  isError(await g.post('/common3/resetPasswordExternal', { token: 'tok-123', password: 'short' }), 400);
  isError(await g.post('/common3/resetPasswordExternal', { token: 'wrong', password: 'brandnew123' }), 400);
  ok(await g.post('/common3/resetPasswordExternal', { token: 'tok-123', password: 'brandnew123' }));
  isError(await g.post('/common3/resetPasswordExternal', { token: 'tok-123', password: 'again12345' }), 400); // single use
  isError(await g.post('/common3/signon', { emailID: 'reset@example.com', password: 'longenough1' }), 401);
  ok(await s.post('/common3/signon', { emailID: 'reset@example.com', password: 'brandnew123' }));
  isError(await s.post('/admin/userManagement/resetPassword', { oldPassword: 'nope', newPassword: 'another123' }), 400);
  isError(await s.post('/admin/userManagement/resetPassword', { oldPassword: 'brandnew123', newPassword: 'short' }), 400);
  ok(await s.post('/admin/userManagement/resetPassword', { oldPassword: 'brandnew123', newPassword: 'another123' }));
  ok(await new Shopper(srv.base).post('/common3/signon', { emailID: 'reset@example.com', password: 'another123' }));
});

test('userInfo and addresses: own only, validated', async () => {
  const { s, userID } = await register('addr@example.com');
  const u = ok(await s.put('/admin/userManagement/userInfo', { firstName: 'Gracie', phone: '647-555-0101' }));
  assert.equal(u.user.firstName, 'Gracie');
  assert.equal(u.user.lastName, 'Hopper');
  isError(await s.put('/admin/userManagement/userInfo', { firstName: '' }), 400);
  isError(await s.put('/admin/userManagement/userInfo', { phone: 'call me' }), 400);
  isError(await s.put('/admin/userManagement/userInfo', { firstName: 7 }), 400);
  assert.equal(ok(await s.get('/admin/userManagement/userInfo')).user.phone, '647-555-0101');

  assert.deepEqual(ok(await s.get(`/admin/userManagement/getAddresses/${userID}/type/SHIPPING`)).addresses, []);
  const saved = ok(await s.post(`/admin/userManagement/updateAddresses/${userID}/SHIPPING`, { addresses: [ADDRESS, { ...ADDRESS, streetNumberAndNameDetails: '1 Main St', postCode: 'm5v1a1' }] }));
  assert.equal(saved.addresses.length, 2);
  assert.equal(saved.addresses[0].isDefault, true);
  assert.equal(saved.addresses[1].postCode, 'M5V 1A1'); // stored as Canadians write it
  const got = ok(await s.get('/admin/userManagement/getAddresses/me/type/shipping'));
  assert.equal(got.addresses.length, 2);
  isError(await s.post(`/admin/userManagement/updateAddresses/${userID}/SHIPPING`, { addresses: [{ ...ADDRESS, postCode: 'nope' }] }), 400);
  // A Canadian code's first letter names its province: V is British Columbia, not Alberta.
  const elsewhere = isError(await s.post(`/admin/userManagement/updateAddresses/${userID}/SHIPPING`, { addresses: [{ ...ADDRESS, city: 'Richmond', province: 'AB', postCode: 'V6X 4J7' }] }), 400);
  assert.match(elsewhere.message, /postal code 'V6X 4J7' is not in AB/);
  assert.equal(ok(await s.post(`/admin/userManagement/updateAddresses/${userID}/SHIPPING`, { addresses: [...got.addresses, { ...ADDRESS, city: 'Richmond', province: 'BC', postCode: 'v6x-4j7' }] })).addresses[2].postCode, 'V6X 4J7');
  ok(await s.post(`/admin/userManagement/updateAddresses/${userID}/SHIPPING`, { addresses: got.addresses }));
  isError(await s.post(`/admin/userManagement/updateAddresses/${userID}/SHIPPING`, { addresses: 'x' }), 400);
  isError(await s.get(`/admin/userManagement/getAddresses/${userID}/type/HOME`), 400);
  // another shopper cannot read or write them
  const other = new Shopper(srv.base);
  ok(await other.post('/common3/signon', DEMO));
  isError(await other.get(`/admin/userManagement/getAddresses/${userID}/type/SHIPPING`), 404);
  isError(await other.post(`/admin/userManagement/updateAddresses/${userID}/SHIPPING`, { addresses: [] }), 404);
  assert.equal(ok(await s.get('/admin/userManagement/getAddresses/me/type/SHIPPING')).addresses.length, 2);
  // saveToMyProfile from checkout adds the delivery address
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1003', quantity: 1 }));
  ok(await s.post('/shoppingManagement4/orderDeliverInfo?saveToMyProfile=true', { ...ADDRESS, streetNumberAndNameDetails: '9 New Rd', postCode: 'M4M 1A1' }));
  assert.equal(ok(await s.get('/admin/userManagement/getAddresses/me/type/SHIPPING')).addresses.length, 3);
});

test('demo account: store credit balance and history, past orders', async () => {
  const s = new Shopper(srv.base);
  ok(await s.post('/common3/signon', DEMO));
  const sc = ok(await s.get('/admin/storeCreditManagement/storeCredit'));
  assert.deepEqual(sc, { balance: 4000, currency: 'CAD' });
  const h = ok(await s.get('/admin/storeCreditManagement/storeCreditHistory'));
  assert.equal(h.entries.length, 3);
  assert.equal(h.entries[0].balanceAfter, 4000);
  const list = ok(await s.get('/admin/orderManagement/orders/list?numberToLoad=10&startingPosition=0&infiniteLoad=true'));
  assert.equal(list.orders.length, 2);
  assert.ok(list.orders[0].createdAt > list.orders[1].createdAt, 'newest first');
  assert.equal(ok(await s.get('/admin/orderManagement/orders/count')).count, 2);
  isError(await s.get('/admin/orderManagement/orders/list?numberToLoad=0'), 400);
  // an order line's chosen option in both languages (the completed order's coffee, 'grind:Whole bean')
  const completed = ok(await s.get(`/admin/orderManagement/order/${list.orders[1].orderID}`));
  const coffee = completed.lines.find((l: any) => l.optionPair === 'grind:Whole bean');
  assert.deepEqual(coffee.optionLabels, [{ en: 'Whole bean', zh: '咖啡豆' }]);
});

test('store credit at checkout: apply (rules), settle with STORE_CREDIT, balance debited', async () => {
  const s = new Shopper(srv.base);
  ok(await s.post('/common3/signon', DEMO));
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1021', quantity: 1 })); // 899
  ok(await s.post('/shoppingManagement4/updateOrderMethod', { method: 'PICKUP' }));
  ok(await s.post('/shoppingManagement4/orderContactInfo?localStoreName=MSS-SQ1', CONTACT));
  const cart = ok(await s.get('/shoppingManagement4/myCart'));
  isError(await s.post('/shoppingManagement4/applyStoreCredit', { amount: 999999 }), 400); // > balance
  isError(await s.post('/shoppingManagement4/applyStoreCredit', { amount: cart.total + 1 }), 400); // > total
  isError(await s.post('/shoppingManagement4/applyStoreCredit', { amount: -1 }), 400);
  isError(await s.post('/shoppingManagement4/applyStoreCredit', { amount: '100' }), 400);
  const c = ok(await s.post('/shoppingManagement4/applyStoreCredit', { amount: cart.total }));
  assert.equal(c.storeCredit, cart.total);
  assert.equal(c.total, 0);
  const r = ok(await s.post('/shoppingManagement4/reserve'));
  assert.equal(r.total, 0);
  const paid = ok(await s.post('/shoppingManagement4/storeCreditPayment', { orderID: r.orderID }));
  assert.deepEqual([paid.status, paid.paymentStatus], ['NEW', 'PAID_ONLINE']);
  assert.equal(ok(await s.get('/admin/storeCreditManagement/storeCredit')).balance, 4000 - cart.total);
  assert.equal(ok(await s.get('/shoppingManagement4/myCart')).itemCount, 0);
  // paid online: not cancellable
  const o = ok(await s.get(`/admin/orderManagement/order/${r.orderID}`));
  assert.equal(o.cancellable, false);
  isError(await s.put(`/admin/orderManagement/cancelOrder/${r.orderID}`), 409);
});

test('orders: detail, add comment, cancel releases stock, other shopper 404, customer orders own id only', async () => {
  const { s, userID } = await register('orders@example.com');
  const stock0 = (await srv.app.db.query(`SELECT stock FROM variants WHERE product_id = 1015`)).rows[0].stock;
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1015', quantity: 2 }));
  ok(await s.post('/shoppingManagement4/orderContactInfo?localStoreName=TOR-DT&methodName=PICKUP', CONTACT));
  const { orderID } = ok(await s.post('/shoppingManagement4/reserve'));
  ok(await s.post(`/shoppingManagement4/billing/${orderID}`, { method: 'PAY_AT_STORE' }));
  const o = ok(await s.get(`/admin/orderManagement/order/${orderID}`));
  for (const k of ['orderID', 'status', 'paymentStatus', 'method', 'localStoreName', 'tableNumber', 'contact', 'delivery', 'pickupDateTime', 'deliveryDateTime', 'lines', 'subtotal', 'discount', 'tip', 'tax', 'shipping', 'storeCredit', 'total', 'currency', 'customerComment', 'comments', 'cancellable', 'createdAt', 'storeName']) assert.ok(k in o, k);
  assert.equal(o.cancellable, true);
  const list = ok(await s.get('/admin/orderManagement/orders/list?numberToLoad=10&startingPosition=0&infiniteLoad=true'));
  assert.equal(list.orders[0].orderID, orderID);
  assert.equal(ok(await s.get('/admin/orderManagement/orders/count')).count, 1);
  const cust = ok(await s.get(`/admin/orderManagement/customer/${userID}/orders`));
  assert.equal(cust.orders.length, 1);
  isError(await s.get('/admin/orderManagement/customer/10001/orders'), 404);

  const withComment = ok(await s.put(`/admin/orderManagement/addComment/${orderID}`, { comment: 'I will be 10 minutes late' }));
  assert.equal(withComment.comments[0].text, 'I will be 10 minutes late');
  isError(await s.put(`/admin/orderManagement/addComment/${orderID}`, { comment: '' }), 400);
  isError(await s.put(`/admin/orderManagement/addComment/${orderID}`, {}), 400);

  const other = new Shopper(srv.base);
  ok(await other.post('/common3/signon', DEMO));
  isError(await other.get(`/admin/orderManagement/order/${orderID}`), 404);
  isError(await other.put(`/admin/orderManagement/cancelOrder/${orderID}`), 404);
  isError(await other.put(`/admin/orderManagement/addComment/${orderID}`, { comment: 'hi' }), 404);
  isError(await s.get('/admin/orderManagement/order/abc'), 400);
  isError(await s.get('/admin/orderManagement/order/999999'), 404);

  assert.equal((await srv.app.db.query(`SELECT stock FROM variants WHERE product_id = 1015`)).rows[0].stock, stock0 - 2);
  const cancelled = ok(await s.put(`/admin/orderManagement/cancelOrder/${orderID}`));
  assert.equal(cancelled.status, 'CANCELLED');
  assert.equal(cancelled.cancellable, false);
  assert.equal((await srv.app.db.query(`SELECT stock FROM variants WHERE product_id = 1015`)).rows[0].stock, stock0);
  isError(await s.put(`/admin/orderManagement/cancelOrder/${orderID}`), 409);
});
