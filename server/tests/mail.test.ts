/**
 * Outbound mail: the queue in the database, the outbox folder (no SMTP_URL) and SMTP against a real listener on
 * loopback that refuses the first delivery. Reset mail is followed to its link; receipts and restarts are covered.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { enqueueMail, MailWorker } from '../src/mail/queue.ts';
import type { MailTransport } from '../src/mail/transport.ts';
import { parseEml } from './eml.ts';
import { freshDb, isError, ok, Shopper, waitFor, CONTACT, reservePickup, type TestDb } from './helpers.ts';

const cleanups: (() => Promise<unknown>)[] = [];
after(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function newDb() {
  const db = await freshDb();
  cleanups.push(() => db.cleanup());
  return db;
}

async function start(db: TestDb, config: Partial<Config> = {}) {
  const app = await buildApp({
    config: { dataDir: db.dataDir, databaseUrl: db.databaseUrl, staticDir: path.join(db.dataDir, 'no-static'), port: 0, host: '127.0.0.1', mailPollMs: 100,
      // SMTP_URL is a live shop's setting: beside the demo store this is a sandbox start on purpose (security probe N1).
      allowSandbox: true, ...config },
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
  let closed = false;
  const close = async () => { if (!closed) { closed = true; await app.close(); } };
  cleanups.push(close);
  return { app, base, close };
}

const outboxFiles = (db: TestDb, kind: string) => {
  const dir = path.join(db.dataDir, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(`-${kind}.eml`)).map((f) => path.join(dir, f)) : [];
};

test('password reset: the mail lands in the outbox, in the shopper\'s language, and its link sets a new password', async () => {
  const db = await newDb();
  const srv = await start(db);
  const s = new Shopper(srv.base);
  ok(await s.get('/common3/forgotPassword?emailID=nobody@istore.test'));
  ok(await s.get('/common3/forgotPassword?emailID=Demo@istore.test'));
  const [file] = await waitFor('the reset mail', () => outboxFiles(db, 'password-reset')[0] ? outboxFiles(db, 'password-reset') : undefined);
  assert.equal(outboxFiles(db, 'password-reset').length, 1, 'an unknown e-mail gets no mail');
  const mail = parseEml(fs.readFileSync(file, 'utf8'));
  assert.equal(mail.to, 'demo@istore.test');
  assert.match(mail.subject, /reset your password/);
  const link = mail.text.match(/http\S+/)![0];
  assert.ok(link.startsWith(`${srv.base}/account/reset?token=`), link);
  assert.ok(mail.html.includes(`href="${link.replace(/&/g, '&#38;')}"`), 'the HTML part carries the same link');
  const token = new URL(link).searchParams.get('token')!;

  ok(await s.post('/common3/resetPasswordExternal', { token, password: 'brand-new-pass1' }));
  isError(await s.post('/common3/signon', { emailID: 'demo@istore.test', password: 'demopass123' }), 401);
  ok(await s.post('/common3/signon', { emailID: 'demo@istore.test', password: 'brand-new-pass1' }));
  isError(await s.post('/common3/resetPasswordExternal', { token, password: 'another-pass1' }), 400);

  const { rows } = await srv.app.db.query(`SELECT status, text_body FROM mail_queue WHERE kind = 'password-reset'`);
  assert.deepEqual(rows, [{ status: 'SENT', text_body: '' }], 'a sent reset mail keeps no link in the database');

  const zh = new Shopper(srv.base);
  ok(await zh.get('/common3/changeLocale/zh'));
  ok(await zh.get('/common3/forgotPassword?emailID=demo@istore.test'));
  const second = await waitFor('the zh reset mail', () => outboxFiles(db, 'password-reset')[1]);
  const zhMail = parseEml(fs.readFileSync(second, 'utf8'));
  assert.match(zhMail.subject, /重置密码/);
  assert.match(zhMail.html, /设置新密码/);
  assert.match(zhMail.text, /设置新密码/);
});

test('an order paid online gets its receipt, in the language of the shopper who placed it', async () => {
  const db = await newDb();
  const srv = await start(db);
  const s = new Shopper(srv.base);
  ok(await s.get('/common3/changeLocale/zh'));
  const { orderID, total } = await reservePickup(s, [['1012', 2]]);
  const { redirectUrl } = ok(await s.post('/shoppingManagement4/requestOTTH5Payment', { orderID }));
  assert.equal(outboxFiles(db, 'order-receipt').length, 0, 'no receipt before the payment');
  assert.equal(ok(await s.get(`/common3/orders/${orderID}`)).receiptTo, undefined, 'an unpaid order promises no receipt');
  ok(await s.post(`${srv.base}${new URL(redirectUrl).pathname}/pay`));
  assert.equal(ok(await s.get(`/common3/orderStatus/${orderID}`)).paymentStatus, 'PAID_ONLINE');
  assert.equal(ok(await s.get(`/common3/orders/${orderID}`)).receiptTo, CONTACT.email, 'the paid order names where its receipt goes');

  const [file] = await waitFor('the receipt', () => outboxFiles(db, 'order-receipt')[0] ? outboxFiles(db, 'order-receipt') : undefined);
  const mail = parseEml(fs.readFileSync(file, 'utf8'));
  assert.equal(mail.to, CONTACT.email);
  assert.ok(mail.subject.includes(`订单 ${orderID} 的收据`), mail.subject);
  assert.ok(mail.text.includes('已在线付款'), mail.text);
  assert.ok(mail.text.includes(`$${(total / 100).toFixed(2)}`), 'the receipt shows the order total');
  assert.equal(ok(await s.get(`/common3/orders/${orderID}`)).receiptTo, mail.to, 'still named once the receipt is sent');

  // A receipt the recipient's server refused for good was not delivered: the order no longer says it was.
  await srv.app.db.query(`UPDATE mail_queue SET status = 'FAILED' WHERE kind = 'order-receipt' AND order_id = $1`, [Number(orderID)]);
  assert.equal(ok(await s.get(`/common3/orders/${orderID}`)).receiptTo, undefined);
});

/** Refuses every port it is given: a dead SMTP server. */
async function closedPort() {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

test('queued mail survives a restart: a mail the first server could not send is sent by the next one', async () => {
  const db = await newDb();
  const first = await start(db, { smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, publicUrl: 'https://shop.example.com', mailRetryBaseMs: 60_000 });
  ok(await new Shopper(first.base).get('/common3/forgotPassword?emailID=demo@istore.test'));
  const failed = await waitFor('the failed attempt', async () =>
    (await first.app.db.query(`SELECT attempts, last_error FROM mail_queue WHERE status = 'PENDING' AND last_error IS NOT NULL`)).rows[0]);
  assert.match(failed.last_error, /ECONNREFUSED/, 'the refusal is recorded');
  await first.close();

  // The retry is due in a minute; a restart must not lose it. Make it due now, as the minute passing would.
  const second = await start(db);
  await second.app.db.query(`UPDATE mail_queue SET next_attempt_at = now()`);
  // The mail is written before its row says SENT: wait for the row, the last of the two.
  const rows = await waitFor('the mail sent after the restart', async () => {
    const { rows: queued } = await second.app.db.query(`SELECT status, attempts FROM mail_queue`);
    return queued.every((r: { status: string }) => r.status !== 'PENDING') ? queued : undefined;
  });
  assert.deepEqual(rows, [{ status: 'SENT', attempts: 2 }]);
  const [file] = outboxFiles(db, 'password-reset');
  assert.match(parseEml(fs.readFileSync(file, 'utf8')).text, /\/account\/reset\?token=/);
});

test('SMTP without PUBLIC_URL is refused at start: a reset link must not take the request\'s forgeable host', async () => {
  const db = await newDb();
  await assert.rejects(start(db, { smtpUrl: 'smtp://127.0.0.1:2525' }), /PUBLIC_URL/);
});

/**
 * A minimal SMTP server on loopback: the first connection is turned away with 421 (try later), later ones are
 * accepted and their messages kept.
 */
async function flakySmtp() {
  const received: string[] = [];
  let connections = 0;
  const server = net.createServer((sock) => {
    connections++;
    if (connections === 1) {
      sock.end('421 127.0.0.1 busy, try again later\r\n');
      return;
    }
    sock.write('220 127.0.0.1 ESMTP test\r\n');
    let buf = '';
    let inData = false;
    sock.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buf.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(buf.slice(0, end));
          buf = buf.slice(end + 5);
          inData = false;
          sock.write('250 2.0.0 queued\r\n');
          continue;
        }
        const nl = buf.indexOf('\r\n');
        if (nl < 0) return;
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') sock.write('250-127.0.0.1\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') { inData = true; sock.write('354 go ahead\r\n'); }
        else if (verb === 'QUIT') sock.end('221 bye\r\n');
        else sock.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise((r) => server.close(r)));
  return { port: (server.address() as net.AddressInfo).port, received, connections: () => connections };
}

test('SMTP: a server that refuses first gets the mail on a retry, exactly once', async () => {
  const smtp = await flakySmtp();
  const db = await newDb();
  const srv = await start(db, { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, publicUrl: 'https://shop.example.com', mailRetryBaseMs: 200 });
  ok(await new Shopper(srv.base).get('/common3/forgotPassword?emailID=demo@istore.test'));
  const row = await waitFor('delivery', async () =>
    (await srv.app.db.query(`SELECT status, attempts, last_error FROM mail_queue WHERE status = 'SENT'`)).rows[0]);
  assert.deepEqual(row, { status: 'SENT', attempts: 2, last_error: null });
  assert.equal(smtp.connections(), 2);
  assert.equal(smtp.received.length, 1);
  assert.match(smtp.received[0], /^To: demo@istore\.test$/m);
  assert.match(smtp.received[0].replace(/=\r?\n/g, ''), /https:\/\/shop\.example\.com\/account\/reset\?token=/, 'links use PUBLIC_URL');
  assert.equal(outboxFiles(db, 'password-reset').length, 0, 'with SMTP_URL nothing goes to the outbox');
});

test('two workers on one database never send the same mail twice', async () => {
  const db = await newDb();
  const srv = await start(db, { mailPollMs: 3_600_000 });
  await srv.app.mailWorker.stop();
  for (let i = 0; i < 25; i++) {
    await enqueueMail(srv.app.db, { kind: 'contact-ack', to: `n${i}@example.com`, locale: 'en', subject: `m${i}`, text: 't', html: 'h' });
  }
  const sent: number[] = [];
  const transport: MailTransport = {
    describe: 'memory',
    async send(m) {
      await new Promise((r) => setTimeout(r, 5));
      sent.push(m.id);
      return 'memory';
    },
    close: () => undefined,
  };
  const log = { info() {}, warn() {}, error() {} };
  const workers = [1, 2].map(() => new MailWorker(srv.app.db, transport, { pollMs: 3_600_000, retryBaseMs: 1000, log }));
  await Promise.all(workers.map((w) => w.tick()));
  assert.equal(sent.length, 25);
  assert.equal(new Set(sent).size, 25, 'each mail once');
  const { rows } = await srv.app.db.query(`SELECT count(*)::int AS n FROM mail_queue WHERE status = 'SENT'`);
  assert.equal(rows[0].n, 25);
});
