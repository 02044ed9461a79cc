/**
 * Security probe finding 8: an e-mail account cannot have a WeChat/Alipay identity joined before its address is
 * confirmed (the link of a mail through the mail queue, here the outbox), so registering someone else's address gives
 * no lasting way in; the owner's password reset confirms the address, ends every session, and unjoins and lists any
 * identity joined before (accounts from before confirmation existed).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverOnFreshDb, Shopper, confirmEmail, isError, mailTo, ok } from './helpers.ts';
import { VERIFY_MAIL_RULE } from '../src/identity/rateLimit.ts';

const { db, srv } = serverOnFreshDb();

let seq = 0;
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${++seq}`;

/** The owner follows "forgot password": the reset link of the mail in the outbox, with a new password. */
async function ownerResets(email: string, password: string) {
  const owner = new Shopper(srv.base);
  ok(await owner.get(`/common3/forgotPassword?emailID=${encodeURIComponent(email)}`));
  const mail = await mailTo(db, 'password-reset', email);
  const token = new URL(mail.text.match(/https?:\/\/\S+\/account\/reset\S+/)![0]).searchParams.get('token');
  return ok(await owner.post('/common3/resetPasswordExternal', { token, password }));
}

test("registering someone else's address through WeChat joins no WeChat; linking or binding it waits for the confirmation", async () => {
  const carol = `${unique('carol')}@example.com`;
  const mallory = `sandbox-wx-${unique('mallory')}`;
  const attacker = new Shopper(srv.base);
  assert.equal(ok(await attacker.post('/wechat/login', { code: mallory })).identity, 'NEW');
  const reg = ok(await attacker.post('/wechat/register', { emailID: carol, password: 'attackerpw1', firstName: 'Carol', lastName: 'C' }));
  assert.equal(reg.identityLinked, false);
  assert.equal(reg.emailVerified, false);
  assert.equal(ok(await new Shopper(srv.base).post('/wechat/login', { code: mallory })).identity, 'NEW', 'not joined');
  // link with the password the attacker chose: 403 until the address is confirmed
  const again = new Shopper(srv.base);
  ok(await again.post('/wechat/login', { code: mallory }));
  const refused = isError(await again.post('/wechat/link', { emailID: carol, password: 'attackerpw1' }), 403);
  assert.match(refused.message, /Confirm your e-mail address before linking WeChat/);
  // bind from the signed-in session: the same
  ok(await attacker.post('/wechat/login', { code: mallory }));
  isError(await attacker.get('/wechat/bind'), 403);
  assert.equal(ok(await new Shopper(srv.base).post('/wechat/login', { code: mallory })).identity, 'NEW');
  // the confirmation mail went to carol's mailbox, which the attacker does not read; carol takes the address back
  const mail = await mailTo(db, 'email-verification', carol);
  assert.match(mail.text, /If you did not create this account, do not confirm it/);
  assert.deepEqual(await ownerResets(carol, 'carolsown1'), { ok: true, unlinked: [] });
  isError(await attacker.get('/admin/userManagement/userInfo'), 401); // the reset ended the attacker's session
  isError(await new Shopper(srv.base).post('/common3/signon', { emailID: carol, password: 'attackerpw1' }), 401);
  const signedIn = ok(await new Shopper(srv.base).post('/common3/signon', { emailID: carol, password: 'carolsown1' }));
  assert.equal(signedIn.emailVerified, true, 'the reset link proved the mailbox');
});

test('the confirmation link confirms the address once; then the owner links WeChat', async () => {
  const email = `${unique('dora')}@example.com`;
  const s = new Shopper(srv.base);
  assert.equal(ok(await s.post('/common3/clientRegistration', { emailID: email, password: 'dorapass1', firstName: 'Dora', lastName: 'D' })).emailVerified, false);
  isError(await new Shopper(srv.base).post('/common3/verifyEmail', { token: 'made-up' }), 400);
  const mail = await mailTo(db, 'email-verification', email);
  const token = new URL(mail.text.match(/https?:\/\/\S+\/account\/verify\S+/)![0]).searchParams.get('token');
  assert.deepEqual(ok(await new Shopper(srv.base).post('/common3/verifyEmail', { token })), { ok: true, emailID: email });
  isError(await new Shopper(srv.base).post('/common3/verifyEmail', { token }), 400);
  assert.equal(ok(await s.get('/admin/userManagement/userInfo')).emailVerified, true);
  isError(await s.post('/admin/userManagement/emailVerification'), 409);
  const wx = `sandbox-wx-${unique('dora')}`;
  ok(await s.post('/wechat/login', { code: wx }));
  assert.equal(ok(await s.get('/wechat/bind')).bound, true);
  assert.equal(ok(await new Shopper(srv.base).post('/wechat/login', { code: wx })).identity, 'RETURNING');
});

test('a new link on request, a few per hour, then 429; a link confirms the address', async () => {
  const email = `${unique('erin')}@example.com`;
  const s = new Shopper(srv.base);
  ok(await s.post('/common3/clientRegistration', { emailID: email, password: 'erinpass1', firstName: 'Erin', lastName: 'E' }));
  isError(await new Shopper(srv.base).post('/admin/userManagement/emailVerification'), 401);
  for (let i = 0; i < VERIFY_MAIL_RULE.max; i++) assert.deepEqual(ok(await s.post('/admin/userManagement/emailVerification')), { ok: true, emailID: email });
  assert.match(isError(await s.post('/admin/userManagement/emailVerification'), 429).message, /Too many confirmation mails/);
  await confirmEmail(srv, db, email);
  assert.equal(ok(await s.get('/admin/userManagement/userInfo')).emailVerified, true);
});

test('an identity joined before confirmation existed: the owner\'s reset unjoins it and says which', async () => {
  const email = `${unique('fay')}@example.com`;
  const s = new Shopper(srv.base);
  const me = ok(await s.post('/common3/clientRegistration', { emailID: email, password: 'faypass12', firstName: 'Fay', lastName: 'F' }));
  const wx = `sandbox-wx-${unique('old')}`;
  const w = ok(await new Shopper(srv.base).post('/wechat/login', { code: wx }));
  // as an account migrated from before: the identity is on file already
  const { sandboxIdentityProvider } = await import('../src/identity/sandbox.ts');
  const id = await sandboxIdentityProvider('/api/istore/client').exchange('WECHAT_MINI_PROGRAM', wx);
  await srv.app.db.query('INSERT INTO identities (provider, subject, user_id, open_id) VALUES ($1, $2, $3, $4)', ['wechat', id.subject, Number(me.userID), w.weChatOpenId]);
  assert.equal(ok(await new Shopper(srv.base).post('/wechat/login', { code: wx })).identity, 'RETURNING');
  assert.deepEqual(await ownerResets(email, 'faysown12'), { ok: true, unlinked: ['wechat'] });
  assert.equal(ok(await new Shopper(srv.base).post('/wechat/login', { code: wx })).identity, 'NEW');
});
