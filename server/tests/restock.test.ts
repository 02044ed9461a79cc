/**
 * "E-mail me when it's back" (walkthrough 2.3): subscribing (guest and signed in), repeats, bad input, the per-address
 * limit, and the one bilingual mail per subscriber when stock comes back: by an operator's update, by a cancelled order
 * giving its stock back, for one option pair, with two workers at once and across a restart; cancelling by token.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { RESTOCK_RULE, notifyRestocked, setStock, waitingAlerts } from '../src/services/restock.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/index.ts';
import { sweepExpired } from '../src/services/retention.ts';
import { parseEml } from './eml.ts';
import { serverOnFreshDb, startServer, Shopper, isError, ok, CONTACT } from './helpers.ts';

/** The worker is ticked by the tests (its own timer would race them). */
const CONFIG = { config: { allowSandbox: true, trustProxy: true, restockPollMs: 3_600_000, publicUrl: 'https://shop.test' } };
const { db, srv } = serverOnFreshDb(CONFIG);
const start = () => startServer(db, CONFIG);

let nextIp = 1;
/** Each test asks from its own address, so the per-address limit of one does not touch another. */
const fromNewAddress = () => ({ headers: { 'x-forwarded-for': `198.51.100.${nextIp++}` } });
const idOf = async (name: string) => String((await srv.app.db.query('SELECT id FROM products WHERE name_en = $1', [name])).rows[0].id);
const alerts = async (productId: string) =>
  (await srv.app.db.query('SELECT * FROM restock_alerts WHERE product_id = $1 ORDER BY id', [Number(productId)])).rows;
const restockMails = async () =>
  (await srv.app.db.query(`SELECT to_address, locale, subject, status FROM mail_queue WHERE kind = 'restock' ORDER BY id`)).rows;
const outbox = (to: string) => {
  const dir = path.join(db.dataDir, 'outbox');
  return (fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter((f) => f.endsWith('-restock.eml'))
    .map((f) => parseEml(fs.readFileSync(path.join(dir, f), 'utf8'))).filter((m) => m.to === to);
};
async function signedIn() {
  const s = new Shopper(srv.base);
  ok(await s.post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD }));
  return s;
}

test('a guest subscribes to a sold-out product; asking again is the same subscription, answered the same', async () => {
  const id = await idOf('Earl Grey Loose Leaf 100g');
  assert.equal(ok(await new Shopper(srv.base).get(`/productManagement/product/${id}`)).soldOut, true);
  const s = new Shopper(srv.base);
  ok(await s.get('/common3/changeLocale/zh'));
  const ask = fromNewAddress();
  const first = ok(await s.post('/common3/restockAlert', { productId: id, email: ' Lin.Mei@Example.CN ' }, ask));
  const { cancelToken, ...subscription } = first;
  assert.deepEqual(subscription, { productId: id, optionPair: '', email: 'lin.mei@example.cn', locale: 'zh' });
  assert.match(cancelToken, /^[0-9a-f]{32}$/);
  const again = ok(await s.post('/common3/restockAlert', { productId: id, email: 'lin.mei@example.cn' }, ask));
  assert.deepEqual(again, first);
  const rows = await alerts(id);
  assert.equal(rows.length, 1);
  assert.equal(rows[0].user_id, null);
  assert.equal(rows[0].shop_origin, 'https://shop.test');
  assert.equal(rows[0].notified_at, null);
});

test('signed in: the account\'s e-mail unless another is given; the account is kept on the subscription', async () => {
  const id = await idOf('Pineapple Buns 4-pack');
  const s = await signedIn();
  const ask = fromNewAddress();
  const own = ok(await s.post('/common3/restockAlert', { productId: id, locale: 'en' }, ask));
  assert.deepEqual({ ...own, cancelToken: undefined }, { productId: id, optionPair: '', email: DEMO_EMAIL, locale: 'en', cancelToken: undefined });
  const other = ok(await s.post('/common3/restockAlert', { productId: id, email: 'gift@example.com', locale: 'en' }, ask));
  assert.equal(other.email, 'gift@example.com');
  const rows = await alerts(id);
  assert.deepEqual(rows.map((r: any) => r.email), [DEMO_EMAIL, 'gift@example.com']);
  assert.ok(rows.every((r: any) => typeof r.user_id === 'number'));
  // A guest must say where to write.
  assert.match(isError(await new Shopper(srv.base).post('/common3/restockAlert', { productId: id }, fromNewAddress()), 400).message, /e-mail/);
});

test('bad input is a 400 with a message, an unknown product 404, a product in stock 409; nothing is kept', async () => {
  const soldOut = await idOf('Burr Coffee Grinder');
  const shirt = await idOf('Linen Shirt');
  const inStock = String((await srv.app.db.query(`SELECT product_id FROM variants WHERE option_pair = '' AND stock > 5 ORDER BY product_id LIMIT 1`)).rows[0].product_id);
  const s = new Shopper(srv.base);
  const ask = () => fromNewAddress();
  const before = (await srv.app.db.query('SELECT count(*)::int AS n FROM restock_alerts')).rows[0].n;
  assert.match(isError(await s.post('/common3/restockAlert', { productId: soldOut, email: 'not-mail' }, ask()), 400).message, /E-mail address is not valid/);
  assert.match(isError(await s.post('/common3/restockAlert', { productId: 'abc', email: 'a@b.cd' }, ask()), 400).message, /Invalid product id/);
  assert.match(isError(await s.post('/common3/restockAlert', { productId: 1, email: 'a@b.cd' }, ask()), 400).message, /productId/);
  assert.match(isError(await s.post('/common3/restockAlert', { email: 'a@b.cd' }, ask()), 400).message, /productId/);
  assert.match(isError(await s.post('/common3/restockAlert', { productId: soldOut, email: 'a@b.cd', locale: 'fr' }, ask()), 400).message, /locale/);
  assert.match(isError(await s.post('/common3/restockAlert', { productId: soldOut, optionPair: 'size:M', email: 'a@b.cd' }, ask()), 400).message, /no options/);
  assert.match(isError(await s.post('/common3/restockAlert', { productId: shirt, optionPair: 'size:XXXL,color:Red', email: 'a@b.cd' }, ask()), 400).message, /Unknown/);
  assert.match(isError(await s.post('/common3/restockAlert', { productId: '999999', email: 'a@b.cd' }, ask()), 404).message, /not found/);
  assert.match(isError(await s.post('/common3/restockAlert', { productId: inStock, email: 'a@b.cd' }, ask()), 409).message, /in stock/);
  assert.equal((await srv.app.db.query('SELECT count(*)::int AS n FROM restock_alerts')).rows[0].n, before);
});

test('one address may ask a few times, then 429 with a message', async () => {
  const id = await idOf('Burr Coffee Grinder');
  const ask = fromNewAddress();
  const s = new Shopper(srv.base);
  for (let i = 0; i < RESTOCK_RULE.max; i++) ok(await s.post('/common3/restockAlert', { productId: id, email: `many${i}@example.com` }, ask));
  assert.match(isError(await s.post('/common3/restockAlert', { productId: id, email: 'one-more@example.com' }, ask), 429).message, /Too many back-in-stock requests/);
  ok(await s.post('/common3/restockAlert', { productId: id, email: 'elsewhere@example.com' }, fromNewAddress()));
});

test('back in stock: one mail per subscriber in their language with the product link, once, even with two workers and a restart', async () => {
  const id = await idOf('Single Origin Sampler');
  const zh = new Shopper(srv.base);
  ok(await zh.post('/common3/restockAlert', { productId: id, email: 'wang@example.cn', locale: 'zh' }, fromNewAddress()));
  ok(await new Shopper(srv.base).post('/common3/restockAlert', { productId: id, email: 'sam@example.com', locale: 'en' }, fromNewAddress()));
  await srv.app.restockWorker.tick();
  assert.deepEqual(await restockMails(), [], 'nothing while it is sold out');

  // The operator puts 6 on the shelf; several workers look at once: on PostgreSQL a second server process's worth too
  // (the embedded PGlite database is one process's).
  const other = process.env.DATABASE_URL ? await start() : null;
  try {
    await srv.app.db.query(`UPDATE variants SET stock = 6 WHERE product_id = $1`, [Number(id)]);
    const dbs = [srv.app.db, srv.app.db, ...(other ? [other.app.db, other.app.db] : [])];
    // Whoever takes them, the two subscriptions are written to once (counted in mail_queue just below).
    await Promise.all([...dbs.map((d) => notifyRestocked(d)), srv.app.restockWorker.tick(), other?.app.restockWorker.tick()]);
  } finally {
    await other?.close();
  }
  const mails = await restockMails();
  assert.deepEqual(mails.map((m: any) => [m.to_address, m.locale]).sort(), [['sam@example.com', 'en'], ['wang@example.cn', 'zh']]);
  assert.ok((await alerts(id)).every((r: any) => r.notified_at && r.mail_id));

  await srv.app.mailWorker.tick();
  const [en] = outbox('sam@example.com');
  assert.match(en.subject, /Single Origin Sampler is back in stock/);
  assert.ok(en.text.includes(`https://shop.test/store/product/${id}`));
  const [cn] = outbox('wang@example.cn');
  assert.match(cn.subject, /单一产地咖啡品鉴装 已到货/);
  assert.ok(cn.html.includes(`https://shop.test/store/product/${id}`));

  // A restart (the worker's first round runs at start) and more rounds write nothing more.
  await srv.close();
  Object.assign(srv, await start());
  await srv.app.restockWorker.tick();
  assert.equal(await notifyRestocked(srv.app.db), 0);
  assert.equal((await restockMails()).length, 2);

  // Sold out again later: the same address may subscribe anew, and is written to again.
  await srv.app.db.query(`UPDATE variants SET stock = 0 WHERE product_id = $1`, [Number(id)]);
  ok(await new Shopper(srv.base).post('/common3/restockAlert', { productId: id, email: 'sam@example.com' }, fromNewAddress()));
  await srv.app.db.query(`UPDATE variants SET stock = 1 WHERE product_id = $1`, [Number(id)]);
  assert.equal(await notifyRestocked(srv.app.db), 1);
  assert.equal((await restockMails()).length, 3);
});

test('a cancelled order gives its stock back and the waiting shopper is written to', async () => {
  const id = String((await srv.app.db.query(
    `SELECT p.id FROM products p JOIN variants v ON v.product_id = p.id AND v.option_pair = ''
      WHERE p.options = '[]'::jsonb AND p.product_type = 'PRODUCT' AND v.stock > 0 ORDER BY p.id LIMIT 1`)).rows[0].id);
  await srv.app.db.query(`UPDATE variants SET stock = 1 WHERE product_id = $1`, [Number(id)]);
  const buyer = await signedIn();
  ok(await buyer.post('/shoppingManagement4/myCart', { productId: id, quantity: 1 }));
  ok(await buyer.post('/shoppingManagement4/orderContactInfo?localStoreName=TOR-DT&methodName=PICKUP', CONTACT));
  const { orderID } = ok(await buyer.post('/shoppingManagement4/reserve'));
  ok(await buyer.post(`/shoppingManagement4/billing/${orderID}`, { method: 'PAY_AT_STORE' }));
  assert.equal(ok(await buyer.get(`/inventoryManagement/inventoryByProductAndOptions/${id}`)).available, 0);

  ok(await new Shopper(srv.base).post('/common3/restockAlert', { productId: id, email: 'waiting@example.com', locale: 'en' }, fromNewAddress()));
  await srv.app.restockWorker.tick();
  assert.equal(outbox('waiting@example.com').length + (await restockMails()).filter((m: any) => m.to_address === 'waiting@example.com').length, 0);

  ok(await buyer.put(`/admin/orderManagement/cancelOrder/${orderID}`));
  await srv.app.restockWorker.tick();
  await srv.app.mailWorker.tick();
  const mails = outbox('waiting@example.com');
  assert.equal(mails.length, 1);
  assert.ok(mails[0].text.includes(`/store/product/${id}`));
});

test('an option pair: written to when that pair is back, not when another one is', async () => {
  const id = await idOf('Linen Shirt');
  const { options } = ok(await new Shopper(srv.base).get(`/productManagement/product/${id}`));
  const size = options.find((o: any) => o.name.toLowerCase() === 'size');
  const color = options.find((o: any) => o.name.toLowerCase() === 'color');
  const wanted = `${size.name}:${size.values[0].value},${color.name}:${color.values[0].value}`;
  const other = `${color.name}:${color.values[1].value},${size.name}:${size.values[1].value}`;
  const asker = new Shopper(srv.base);
  const r = ok(await asker.post('/common3/restockAlert', { productId: id, optionPair: wanted, email: 'pair@example.com', locale: 'zh' }, fromNewAddress()));
  assert.equal(r.optionPair, `${color.name}:${color.values[0].value},${size.name}:${size.values[0].value}`, 'canonical: names sorted');

  await srv.app.db.query('UPDATE variants SET stock = 3 WHERE product_id = $1 AND option_pair = $2', [Number(id), other]);
  assert.equal(await notifyRestocked(srv.app.db), 0);
  // The pair is still sold out: asking again is still the same subscription (the product as a whole is not).
  assert.deepEqual(ok(await asker.post('/common3/restockAlert', { productId: id, optionPair: wanted, email: 'pair@example.com', locale: 'zh' }, fromNewAddress())), r);
  isError(await new Shopper(srv.base).post('/common3/restockAlert', { productId: id, email: 'any@example.com' }, fromNewAddress()), 409);

  // The operator's `npm run stock -- set <id> 2 --option …` (any spelling of the pair).
  assert.deepEqual((await waitingAlerts(srv.app.db)).filter((a) => String(a.productId) === id), [{ productId: Number(id), optionPair: r.optionPair, waiting: 1 }]);
  await assert.rejects(setStock(srv.app.db, Number(id), 'size:M', 2), /Choose/);
  assert.deepEqual(await setStock(srv.app.db, Number(id), wanted, 2), { optionPair: r.optionPair, before: 0 });
  assert.equal(await notifyRestocked(srv.app.db), 1);
  assert.deepEqual((await waitingAlerts(srv.app.db)).filter((a) => String(a.productId) === id), []);
  await srv.app.mailWorker.tick();
  const [mail] = outbox('pair@example.com');
  assert.match(mail.subject, /亚麻衬衫 \(.+ \/ .+\) 已到货/);
  // Its link opens the product with that pair chosen (shared/routes.ts productUrl).
  assert.ok(mail.text.includes(`https://shop.test/store/product/${id}?option=${encodeURIComponent(r.optionPair)}`), mail.text);
});

test('the retention sweep drops alerts 90 days after their mail, and those still waiting after a year', async () => {
  const id = Number(await idOf('Burr Coffee Grinder'));
  const add = async (email: string, created: string, notified: string | null) => (await srv.app.db.query(
    `INSERT INTO restock_alerts (product_id, email, locale, shop_origin, created_at, notified_at)
     VALUES ($1, $2, 'en', 'https://shop.test', now() - $3::interval, now() - $4::interval) RETURNING id`,
    [id, email, created, notified])).rows[0].id;
  const kept = [await add('recent-mail@example.com', '100 days', '80 days'), await add('waiting@example.org', '300 days', null)];
  const dropped = [await add('old-mail@example.com', '200 days', '91 days'), await add('forever@example.org', '366 days', null)];
  await sweepExpired(srv.app.db);
  const left = (await srv.app.db.query('SELECT id FROM restock_alerts WHERE id = ANY($1)', [[...kept, ...dropped]])).rows.map((r: any) => r.id);
  assert.deepEqual(left.sort(), kept.sort());
});

// Last: its mail would be counted by the tests of the restock worker above.
test("a waiting subscription is cancelled by its token, once; a mailed one is 409, a bad token 400, an unknown one 404", async () => {
  // A product of its own, sold out for the test and back after it.
  const id = await idOf('Cold Brew Concentrate 1L');
  const { before } = await setStock(srv.app.db, Number(id), undefined, 0);
  const ask = fromNewAddress();
  const s = new Shopper(srv.base);
  const mine = ok(await s.post('/common3/restockAlert', { productId: id, email: 'typo@exmaple.com', locale: 'en' }, ask));
  const kept = ok(await s.post('/common3/restockAlert', { productId: id, email: 'kept@example.com', locale: 'en' }, ask));
  assert.notEqual(mine.cancelToken, kept.cancelToken);
  const cancelled = ok(await s.post('/common3/restockAlert/cancel', { cancelToken: mine.cancelToken }, ask));
  assert.deepEqual(cancelled, { productId: id, optionPair: '', email: 'typo@exmaple.com', locale: 'en' });
  assert.deepEqual((await alerts(id)).map((r: any) => r.email), ['kept@example.com']);
  assert.match(isError(await s.post('/common3/restockAlert/cancel', { cancelToken: mine.cancelToken }, ask), 404).message, /No back-in-stock alert is waiting/);
  for (const cancelToken of ['', 'x'.repeat(32), `${mine.cancelToken}0`, 12]) {
    isError(await s.post('/common3/restockAlert/cancel', { cancelToken }, ask), 400);
  }
  isError(await s.post('/common3/restockAlert/cancel', {}, ask), 400);

  // Once its mail has gone, the subscription cannot be cancelled: say so.
  await setStock(srv.app.db, Number(id), undefined, 5);
  assert.equal(await notifyRestocked(srv.app.db), 1);
  assert.match(isError(await s.post('/common3/restockAlert/cancel', { cancelToken: kept.cancelToken }, ask), 409).message, /e-mail has gone already/);
  const mailed = (await restockMails()).map((m: any) => m.to_address);
  assert.ok(mailed.includes('kept@example.com') && !mailed.includes('typo@exmaple.com'), 'the cancelled address is not written to');
  await setStock(srv.app.db, Number(id), undefined, before);
});
