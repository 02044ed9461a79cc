/**
 * Security probe 2026-11-26: the store's mail as a weapon. M4 (password-reset mail flood), L1 (a back-in-stock
 * alert's cancel token handed to whoever subscribes the same address), L3 (the contact acknowledgement carrying the
 * sender's text to any address).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serverOnFreshDb, waitFor, isError, ok, Shopper } from './helpers.ts';
import { parseEml } from './eml.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/index.ts';
import { RESET_CLIENT_RULE, RESET_MAIL_RULE } from '../src/identity/rateLimit.ts';

const { db, srv } = serverOnFreshDb({ config: { trustProxy: true } });
let nextIp = 1;
const fromNewAddress = () => ({ headers: { 'x-forwarded-for': `203.0.113.${nextIp++}` } });
const count = async (sql: string, params: unknown[] = []) => Number((await srv.app.db.query(sql, params)).rows[0].n);

test('M4: reset mail to one address stops at 3 an hour, asked from anywhere; the answer is the same for an unknown address', async () => {
  const asks = RESET_MAIL_RULE.max + 3;
  const answers: unknown[] = [];
  for (let i = 0; i < asks; i++) {
    answers.push(ok(await new Shopper(srv.base).get(`/common3/forgotPassword?emailID=${DEMO_EMAIL}`, fromNewAddress())));
    answers.push(ok(await new Shopper(srv.base).get('/common3/forgotPassword?emailID=nobody-m4@example.com', fromNewAddress())));
  }
  assert.equal(new Set(answers.map((a) => JSON.stringify(a))).size, 1, 'one answer for all');
  // Each ask is counted after its answer; once all are, the mails are what they will be.
  await waitFor('every ask counted', async () =>
    (await count(`SELECT count::int AS n FROM auth_attempts WHERE key = $1`, [`reset-mail:${DEMO_EMAIL}`])) === asks || undefined);
  assert.equal(await count(`SELECT count(*)::int AS n FROM mail_queue WHERE kind = 'password-reset' AND to_address = $1`, [DEMO_EMAIL]), RESET_MAIL_RULE.max);
  assert.equal(await count(`SELECT count(*)::int AS n FROM mail_queue WHERE to_address = 'nobody-m4@example.com'`), 0);
});

test('M4: one client address may ask 10 times in 15 minutes, whatever the address asked for; then 429 for known and unknown alike', async () => {
  const from = fromNewAddress();
  for (let i = 0; i < RESET_CLIENT_RULE.max; i++) {
    ok(await new Shopper(srv.base).get(`/common3/forgotPassword?emailID=m4-${i}@example.com`, from));
  }
  const known = isError(await new Shopper(srv.base).get(`/common3/forgotPassword?emailID=${DEMO_EMAIL}`, from), 429);
  const unknown = isError(await new Shopper(srv.base).get('/common3/forgotPassword?emailID=ghost-m4@example.com', from), 429);
  assert.deepEqual(known, unknown);
  assert.match(known.message, /Too many password reset requests/);
  ok(await new Shopper(srv.base).get('/common3/forgotPassword?emailID=ghost-m4@example.com', fromNewAddress()));
});

test('L1: a repeat subscription from someone else gets no cancel token and changes nothing; its maker keeps theirs', async () => {
  const { rows: [soldOut] } = await srv.app.db.query(`SELECT id FROM products WHERE name_en = 'Earl Grey Loose Leaf 100g'`);
  const productId = String(soldOut.id);
  const victim = new Shopper(srv.base);
  const made = ok(await victim.post('/common3/restockAlert', { productId, email: 'victim-l1@example.com', locale: 'en' }, fromNewAddress()));
  assert.match(made.cancelToken, /^[0-9a-f]{32}$/);

  const stranger = ok(await new Shopper(srv.base).post('/common3/restockAlert', { productId, email: 'Victim-L1@Example.com', locale: 'zh' }, fromNewAddress()));
  assert.deepEqual(stranger, { productId, optionPair: '', email: 'victim-l1@example.com', locale: 'en' }, 'subscribed, no token, the language unchanged');
  const account = new Shopper(srv.base);
  ok(await account.post('/common3/signon', { emailID: DEMO_EMAIL, password: DEMO_PASSWORD }));
  const signedIn = ok(await account.post('/common3/restockAlert', { productId, email: 'victim-l1@example.com' }, fromNewAddress()));
  assert.equal(signedIn.cancelToken, undefined);
  const { rows } = await srv.app.db.query(`SELECT user_id, locale FROM restock_alerts WHERE email = 'victim-l1@example.com'`);
  assert.deepEqual(rows, [{ user_id: null, locale: 'en' }], 'another account is not attached to it');

  assert.equal(ok(await victim.post('/common3/restockAlert', { productId, email: 'victim-l1@example.com' }, fromNewAddress())).cancelToken, made.cancelToken);
  ok(await victim.post('/common3/restockAlert/cancel', { cancelToken: made.cancelToken }, fromNewAddress()));
});

test('L3: the contact acknowledgement carries none of the sender\'s text, and one address gets one a day', async () => {
  const name = 'N\r\nBcc: evil@example.com <a href="http://evil.example/r">Claim refund</a> http://evil.example/r';
  const first = ok(await new Shopper(srv.base).post('/message/submitForm', { name, email: 'target-l3@example.com', message: 'hello' }, fromNewAddress()));
  const outbox = path.join(db.dataDir, 'outbox');
  const ackFile = await waitFor('the acknowledgement', () =>
    (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).filter((f) => f.endsWith('-contact-ack.eml'))
      .map((f) => path.join(outbox, f)).find((f) => parseEml(fs.readFileSync(f, 'utf8')).to === 'target-l3@example.com'));
  const mail = parseEml(fs.readFileSync(ackFile, 'utf8'));
  for (const part of [mail.text, mail.html, mail.subject]) {
    assert.ok(!/evil|Bcc|Claim/.test(part), part);
  }
  const second = ok(await new Shopper(srv.base).post('/message/submitForm', { name: 'Again', email: 'Target-L3@example.com', message: 'again' }, fromNewAddress()));
  assert.equal(await count(`SELECT count(*)::int AS n FROM form_submissions WHERE id = ANY($1::int[])`, [[first.id, second.id]]), 2, 'both messages are kept');
  assert.equal(await count(`SELECT count(*)::int AS n FROM mail_queue WHERE kind = 'contact-ack' AND lower(to_address) = 'target-l3@example.com'`), 1);
});
