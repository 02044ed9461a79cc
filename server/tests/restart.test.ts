import { test } from 'node:test';
import assert from 'node:assert/strict';
import { freshDb, startServer, Shopper, ok } from './helpers.ts';

test('from an empty database (initdb, migrations, seed): data survives a restart on the same DATA_DIR / database (sessions, carts, accounts, orders, stock)', async () => {
  const db = await freshDb({ pristine: true });
  try {
    let srv = await startServer(db);
    const s = new Shopper(srv.base);
    ok(await s.post('/common3/clientRegistration', { emailID: 'persist@example.com', password: 'longenough1', firstName: 'P', lastName: 'Q' }));
    ok(await s.post('/shoppingManagement4/myCart', { productId: '1016', quantity: 2 }));
    ok(await s.post('/shoppingManagement4/orderContactInfo?localStoreName=TOR-DT&methodName=PICKUP', { firstName: 'P', lastName: 'Q', email: 'persist@example.com', phone: '416-555-0000' }));
    const { orderID } = ok(await s.post('/shoppingManagement4/reserve'));
    ok(await s.post(`/shoppingManagement4/billing/${orderID}`, { method: 'PAY_AT_STORE' }));
    ok(await s.post('/shoppingManagement4/myCart', { productId: '1017', quantity: 1 }));
    const stock = (await srv.app.db.query('SELECT stock FROM variants WHERE product_id = 1016')).rows[0].stock;
    const products = (await srv.app.db.query('SELECT count(*)::int AS n FROM products')).rows[0].n;
    await srv.close();

    srv = await startServer(db);
    s.base = srv.base;
    const info = ok(await s.get('/common3/appInfoInit'));
    assert.equal(info.user?.emailID, 'persist@example.com', 'session still signed in');
    const cart = ok(await s.get('/shoppingManagement4/myCart'));
    assert.equal(cart.lineItems['1017'].quantity, 1);
    const o = ok(await s.get(`/admin/orderManagement/order/${orderID}`));
    assert.equal(o.status, 'NEW');
    assert.equal((await srv.app.db.query('SELECT stock FROM variants WHERE product_id = 1016')).rows[0].stock, stock);
    assert.equal((await srv.app.db.query('SELECT count(*)::int AS n FROM products')).rows[0].n, products, 'seed ran once');
    ok(await new Shopper(srv.base).post('/common3/signon', { emailID: 'persist@example.com', password: 'longenough1' }));
    await srv.close();
  } finally {
    await db.cleanup();
  }
});
