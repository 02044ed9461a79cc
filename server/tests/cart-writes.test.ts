/**
 * Cart writes are single statements (services/cart.ts addToCart, setLineQuantity, removeLine) that re-check stock,
 * the product and the shopper against the rows at that moment, with the product's facts first read from an in-process
 * hint: concurrent adds add up and never pass the stock, a product changed behind the hint is still refused for the
 * right reason, and a refused write changes nothing. Runs on PGlite and, with DATABASE_URL, on PostgreSQL, where the
 * concurrent requests really overlap.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverOnFreshDb, Shopper, isError, ok } from './helpers.ts';
import { registered } from './memberHelpers.ts';
import { hashToken } from '../src/lib/session.ts';

const { srv } = serverOnFreshDb();

const sql = (text: string, params: unknown[] = []) => srv.app.db.query(text, params);
const setStock = (id: number, stock: number, pair = '') => sql('UPDATE variants SET stock = $3 WHERE product_id = $1 AND option_pair = $2', [id, pair, stock]);
/** The shopper's cart rows as stored (lines and the cart's updated_at), to compare before and after a refused write. */
async function stored(s: Shopper) {
  const { rows } = await sql(
    `SELECT c.id, c.updated_at, l.item_key, l.quantity FROM carts c JOIN sessions se ON se.id = c.session_id
     LEFT JOIN cart_lines l ON l.cart_id = c.id WHERE se.token_hash = $1 ORDER BY l.item_key`,
    [hashToken(s.cookies.get('ISTORE_SESSION')!)],
  );
  return rows.map((r: any) => ({ ...r, updated_at: new Date(r.updated_at).toISOString() }));
}
const cartCount = async () => (await sql('SELECT count(*)::int AS n FROM carts')).rows[0].n as number;

test('concurrent adds to one line add up to the stock and not one unit more', async () => {
  await setStock(1003, 5);
  const s = new Shopper(srv.base);
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1004', quantity: 1 })); // session and cart exist
  const results = await Promise.all(Array.from({ length: 8 }, () => s.post('/shoppingManagement4/myCart', { productId: '1003', quantity: 1 })));
  assert.equal(results.filter((r) => r.status === 200).length, 5);
  for (const r of results.filter((x) => x.status !== 200)) assert.match(isError(r, 409).message, /Only 5 left in stock/);
  const cart = ok(await s.get('/shoppingManagement4/myCart'));
  assert.equal(cart.lineItems['1003'].quantity, 5);
  assert.equal(cart.itemCount, 6);
});

test('concurrent adds of several products to one cart: one cart, every unit in it', async () => {
  for (const id of [1005, 1006, 1007, 1008]) await setStock(id, 50);
  const s = new Shopper(srv.base);
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1005', quantity: 1 }));
  const before = await cartCount();
  const adds = await Promise.all(['1006', '1007', '1006', '1008'].map((productId) => s.post('/shoppingManagement4/myCart', { productId, quantity: 2 })));
  adds.forEach((r) => ok(r));
  assert.equal(await cartCount(), before);
  const cart = ok(await s.get('/shoppingManagement4/myCart'));
  assert.deepEqual(Object.fromEntries(Object.values<any>(cart.lineItems).map((l) => [l.productId, l.quantity])), { 1005: 1, 1006: 4, 1007: 2, 1008: 2 });
});

test('the answer of each write is the cart as a fresh read sees it', async () => {
  const s = new Shopper(srv.base);
  let answer = ok(await s.post('/shoppingManagement4/myCart', { productId: '1001', quantity: 2, optionPair: 'grind:Espresso' }));
  assert.deepEqual(answer, ok(await s.get('/shoppingManagement4/myCart')));
  await setStock(1012, 50);
  answer = ok(await s.post('/shoppingManagement4/myCart', { productId: '1012', quantity: 1 }));
  assert.deepEqual(answer, ok(await s.get('/shoppingManagement4/myCart')));
  answer = ok(await s.post('/shoppingManagement4/myCart', { productId: '1001', quantity: 1, optionPair: 'GRIND:espresso' }));
  assert.equal(answer.lineItems['1001|grind:Espresso'].quantity, 3);
  assert.deepEqual(Object.keys(answer.lineItems).sort(), ['1001|grind:Espresso', '1012']);
  assert.deepEqual(answer, ok(await s.get('/shoppingManagement4/myCart')));
  answer = ok(await s.put('/shoppingManagement4/myCart', { itemKey: '1012', quantity: 4 }));
  assert.equal(answer.lineItems['1012'].quantity, 4);
  assert.deepEqual(answer, ok(await s.get('/shoppingManagement4/myCart')));
  answer = ok(await s.post('/shoppingManagement4/myCart/delete', { itemKey: '1001|grind:Espresso' }));
  assert.deepEqual(Object.keys(answer.lineItems), ['1012']);
  assert.deepEqual(answer, ok(await s.get('/shoppingManagement4/myCart')));
});

test('refused writes change nothing: beyond stock, beyond 999, a line not in the cart', async () => {
  await setStock(1009, 3);
  const s = new Shopper(srv.base);
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1009', quantity: 2 }));
  const was = await stored(s);
  await new Promise((r) => setTimeout(r, 5)); // a touch of the cart would show as a later updated_at
  assert.match(isError(await s.post('/shoppingManagement4/myCart', { productId: '1009', quantity: 2 }), 409).message, /Only 3 left in stock/);
  assert.match(isError(await s.put('/shoppingManagement4/myCart', { itemKey: '1009', quantity: 4 }), 409).message, /Only 3 left in stock/);
  isError(await s.put('/shoppingManagement4/myCart', { itemKey: '1010', quantity: 1 }), 404);
  isError(await s.post('/shoppingManagement4/myCart/delete', { itemKey: '1010' }), 404);
  assert.deepEqual(await stored(s), was, 'four refused writes: the lines and the cart\'s updated_at as they were');
  await setStock(1009, 5000);
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1009', quantity: 990 }));
  const full = await stored(s);
  assert.match(isError(await s.post('/shoppingManagement4/myCart', { productId: '1009', quantity: 8 }), 409).message, /At most 999/);
  assert.deepEqual(await stored(s), full);
  assert.equal(full[0].quantity, 992);
  await setStock(1009, 3);
  ok(await s.put('/shoppingManagement4/myCart', { itemKey: '1009', quantity: 3 }));
  assert.equal((await stored(s))[0].quantity, 3);
});

test('a product changed behind the hint is refused for what it is now, and a refusal leaves no cart behind', async () => {
  const guest = new Shopper(srv.base);
  ok(await guest.post('/shoppingManagement4/myCart', { productId: '1011', quantity: 1 })); // the hint now knows 1011
  const other = new Shopper(srv.base);
  ok(await other.get('/health'));
  const carts = await cartCount();

  await sql(`UPDATE products SET record_status = 'INACTIVE' WHERE id = 1011`);
  try {
    isError(await other.post('/shoppingManagement4/myCart', { productId: '1011', quantity: 1 }), 404);
  } finally {
    await sql(`UPDATE products SET record_status = 'ACTIVE' WHERE id = 1011`);
  }
  // An option appears: the hint says none, the database wants one chosen.
  const options = [{ name: 'size', values: [{ value: 'S', label: { en: 'Small', zh: '小' } }] }];
  await sql(`UPDATE products SET options = $2::jsonb WHERE id = $1`, [1011, JSON.stringify(options)]);
  try {
    assert.match(isError(await other.post('/shoppingManagement4/myCart', { productId: '1011', quantity: 1 }), 400).message, /Choose size/);
  } finally {
    await sql(`UPDATE products SET options = '[]'::jsonb WHERE id = 1011`);
  }
  // Tagged as an add-on after all, then no longer: the add-on route follows the database.
  await sql(`UPDATE products SET tags = tags || '["addon"]'::jsonb WHERE id = 1011`);
  ok(await other.post('/shoppingManagement4/iCart', { productId: '1011', quantity: 1 }));
  await sql(`UPDATE products SET tags = tags - 'addon' WHERE id = 1011`);
  isError(await guest.post('/shoppingManagement4/iCart', { productId: '1011', quantity: 1 }), 400);
  assert.equal(await cartCount(), carts + 1, 'only the accepted add made a cart');
});

test('a membership plan goes only into a signed-in cart, whatever the hint knew', async () => {
  const shopper = await registered(srv.base);
  const { products } = ok(await shopper.get('/productManagement2/products?productType=MEMBERSHIP&recordStatus=ACTIVE&sortby=default&infiniteLoad=false'));
  const plan = products[0].id;
  ok(await shopper.post('/shoppingManagement4/myCart', { productId: plan, quantity: 1 }));
  const guest = new Shopper(srv.base);
  ok(await guest.get('/health'));
  const carts = await cartCount();
  isError(await guest.post('/shoppingManagement4/myCart', { productId: plan, quantity: 1 }), 401);
  assert.equal(await cartCount(), carts);
});
