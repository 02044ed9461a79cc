/** The contact form: rules, acknowledgement mail, honeypot, rate limits, and the operator's `messages list`. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CONTACT_LIMITS } from '../src/services/contact.ts';
import { parseEml } from './eml.ts';
import { deskOf, serverOnFreshDb, Shopper, isError, ok } from './helpers.ts';

// The tests speak for several senders through X-Forwarded-For, as a proxy in front of the store would.
const { db, srv } = serverOnFreshDb({ config: { trustProxy: true } });

const stored = async () => (await srv.app.db.query('SELECT id, ip, locale, form FROM form_submissions ORDER BY id')).rows;
const ackFiles = () => {
  const dir = path.join(db.dataDir, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('-contact-ack.eml')).map((f) => path.join(dir, f)) : [];
};
/** The acknowledgements written once the mail queued so far is sent. */
async function waitForAck(n: number) {
  await srv.app.mailWorker.tick();
  assert.equal(ackFiles().length, n);
  return ackFiles();
}
/** Each test writes from its own address, so the per-address limit of one does not touch another. */
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

test('a message with an e-mail is kept and acknowledged by mail in the sender\'s language; a phone alone is enough', async () => {
  const s = new Shopper(srv.base);
  ok(await s.get('/common3/changeLocale/zh'));
  const r = ok(await s.post('/message/submitForm', { name: ' Lin ', email: 'lin@example.com', message: ' 有乌龙茶吗？ ' }, from('198.51.100.1')));
  assert.deepEqual(Object.keys(r).sort(), ['id', 'ok']);
  const row = (await stored()).find((m) => String(m.id) === r.id);
  assert.equal(row.ip, '198.51.100.1');
  assert.equal(row.locale, 'zh');
  assert.deepEqual([row.form.name, row.form.email, row.form.message], ['Lin', 'lin@example.com', '有乌龙茶吗？']);
  const [ack] = await waitForAck(1);
  const mail = parseEml(fs.readFileSync(ack, 'utf8'));
  assert.equal(mail.to, 'lin@example.com');
  assert.match(mail.subject, /我们已收到您的留言/);
  assert.match(mail.text, /您好/);
  assert.ok(!mail.text.includes('Lin') && !mail.html.includes('Lin'), 'the sender\'s name is not relayed either');
  assert.ok(!mail.text.includes('乌龙茶') && !mail.html.includes('乌龙茶'), 'the sender\'s text is not relayed to the address they typed');

  const byPhone = ok(await new Shopper(srv.base).post('/message/submitForm', { name: 'Sam', phone: '416-555-0123', message: 'Call me' }, from('198.51.100.1')));
  assert.ok((await stored()).some((m) => String(m.id) === byPhone.id && m.form.phone === '416-555-0123'));
  await srv.app.mailWorker.tick(); // sends everything queued by now: the acknowledgement would have been
  assert.equal(ackFiles().length, 1, 'nothing to acknowledge without an e-mail');
});

test('bad input: every problem in the 400, nothing kept', async () => {
  const s = new Shopper(srv.base);
  const before = (await stored()).length;
  const e = isError(await s.post('/message/submitForm', { name: ' ', message: ' ' }, from('198.51.100.2')), 400);
  assert.deepEqual(e.errors, ['Name is required', 'Give an e-mail address or a phone number', 'Message is empty']);
  isError(await s.post('/message/submitForm', { name: 'A', email: 'not-mail', message: 'x' }, from('198.51.100.2')), 400);
  isError(await s.post('/message/submitForm', { name: 'A', phone: 'call me', message: 'x' }, from('198.51.100.2')), 400);
  isError(await s.post('/message/submitForm', { name: 'A', email: 'a@b.cd' }, from('198.51.100.2')), 400);
  assert.equal((await stored()).length, before);
});

test('honeypot: the same 200 answer with a fresh id, nothing kept, no mail', async () => {
  const s = new Shopper(srv.base);
  const real = ok(await s.post('/message/submitForm', { name: 'Ann', email: 'ann@example.com', message: 'Hi' }, from('198.51.100.3')));
  const acks = (await waitForAck(ackFiles().length + 1)).length;
  const before = (await stored()).length;
  const bot = ok(await s.post('/message/submitForm', { name: 'Bot', email: 'bot@example.com', message: 'Buy', website: 'http://spam.example' }, from('198.51.100.3')));
  assert.deepEqual(Object.keys(bot).sort(), ['id', 'ok']);
  assert.equal(bot.ok, true);
  assert.ok(Number(bot.id) > Number(real.id), 'an id like a real one');
  assert.equal((await stored()).length, before);
  await srv.app.mailWorker.tick();
  assert.equal(ackFiles().length, acks);
});

test('rate limits: per address within its window, and overall', async () => {
  const s = new Shopper(srv.base);
  const msg = { name: 'Flood', phone: '416-555-0100', message: 'again' };
  for (let i = 0; i < CONTACT_LIMITS.perAddress.max; i++) ok(await s.post('/message/submitForm', msg, from('198.51.100.4')));
  isError(await s.post('/message/submitForm', msg, from('198.51.100.4')), 429);
  isError(await s.post('/message/submitForm', { ...msg, website: 'x' }, from('198.51.100.4')), 429);
  ok(await s.post('/message/submitForm', msg, from('198.51.100.5'))); // another address still gets through
  await srv.app.db.query(`UPDATE form_submissions SET created_at = created_at - make_interval(mins => $1) WHERE ip = '198.51.100.4'`,
    [CONTACT_LIMITS.perAddress.minutes + 1]);
  ok(await s.post('/message/submitForm', msg, from('198.51.100.4'))); // its window has passed

  const recent = (await srv.app.db.query(`SELECT count(*)::int AS n FROM form_submissions WHERE created_at > now() - make_interval(mins => $1)`,
    [CONTACT_LIMITS.overall.minutes])).rows[0].n;
  await srv.app.db.query(
    `INSERT INTO form_submissions (form, ip) SELECT '{"name":"x","message":"x"}'::jsonb, '10.0.' || g / 250 || '.' || g % 250 FROM generate_series(1, $1) g`,
    [CONTACT_LIMITS.overall.max - recent]);
  isError(await s.post('/message/submitForm', msg, from('198.51.100.6')), 429);
});

test('operator CLI: messages list shows the newest messages', async () => {
  const s = new Shopper(srv.base);
  await srv.app.db.query(`DELETE FROM form_submissions WHERE ip LIKE '10.0.%'`);
  ok(await s.post('/message/submitForm', { name: 'Grace', email: 'grace@example.com', subject: 'Beans', message: 'Line one\nLine two' }, from('198.51.100.7')));
  const messages = deskOf(srv, 'messages');
  const { stdout } = await messages('list', '1');
  assert.match(stdout, /^#\d+ {2}\S+ {2}Grace <grace@example\.com> {2}from 198\.51\.100\.7 \(en\)$/m);
  assert.match(stdout, /^ {2}subject: Beans$/m);
  assert.match(stdout, /^ {2}Line one\n {2}Line two$/m);
  assert.doesNotMatch(stdout, /Flood/, 'only the newest one');
  const wrong = await messages('list', 'all');
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /usage: messages list/);
});
