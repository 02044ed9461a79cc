/**
 * The owner's authenticator step (issue 43): lib/totp.ts against the RFCs' own test vectors (RFC 4648 §10 base32,
 * RFC 4226 appendix D HOTP, RFC 6238 appendix B TOTP with SHA-1), then the back office: enrolment (an otpauth:// URI,
 * the secret sealed at rest, recovery codes hashed), the second step at sign-in, a code refused the second time, a
 * recovery code good once, the step's limits, staff refused the set-up, and the operator's `staff totp-off`.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import {
  base32Decode, base32Encode, hotp, matchingStep, normalRecoveryCode, otpauthUri, timeStep, totp,
} from '../src/lib/totp.ts';
import { Staff } from './adminClient.ts';
import { deskOf, isError, ok, serverOnFreshDb } from './helpers.ts';

describe('lib/totp.ts: the RFCs\' test vectors', () => {
  test('base32 (RFC 4648 §10), unpadded as otpauth:// URIs carry it, read back in any case', () => {
    const vectors: [string, string][] = [['', ''], ['f', 'MY'], ['fo', 'MZXQ'], ['foo', 'MZXW6'], ['foob', 'MZXW6YQ'], ['fooba', 'MZXW6YTB'], ['foobar', 'MZXW6YTBOI']];
    for (const [plain, b32] of vectors) {
      assert.equal(base32Encode(Buffer.from(plain)), b32, plain);
      assert.equal(base32Decode(b32.toLowerCase())!.toString(), plain);
      assert.equal(base32Decode(`${b32}======`.slice(0, Math.ceil(b32.length / 8) * 8 || 0))!.toString(), plain);
    }
    assert.equal(base32Decode('MZXW 6YTB OI')!.toString(), 'foobar');
    assert.equal(base32Decode('MZXW1'), null, '1 is not a base32 digit');
  });

  test('HOTP (RFC 4226 appendix D): the secret "12345678901234567890", counters 0 to 9', () => {
    const key = Buffer.from('12345678901234567890');
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expected.forEach((code, counter) => assert.equal(hotp(key, counter), code, `counter ${counter}`));
  });

  test('TOTP (RFC 6238 appendix B, SHA-1): 8 digits as the RFC prints them, and their last 6 as the app shows', () => {
    const key = Buffer.from('12345678901234567890');
    const table: [number, string, string][] = [
      [59, '0000000000000001', '94287082'],
      [1111111109, '00000000023523EC', '07081804'],
      [1111111111, '00000000023523ED', '14050471'],
      [1234567890, '000000000273EF07', '89005924'],
      [2000000000, '0000000003F940AA', '69279037'],
      [20000000000, '0000000027BC86AA', '65353130'],
    ];
    for (const [time, stepHex, code] of table) {
      assert.equal(timeStep(time), parseInt(stepHex, 16), `T at ${time}`);
      assert.equal(totp(key, time, 8), code, `8 digits at ${time}`);
      assert.equal(totp(key, time), code.slice(2), `6 digits at ${time}`);
    }
  });

  test('a code is matched within one step either side, and names its step', () => {
    const key = Buffer.from('12345678901234567890');
    const t = 1111111111; // step 37037037
    assert.equal(matchingStep(key, totp(key, t), t), timeStep(t));
    assert.equal(matchingStep(key, totp(key, t - 30), t), timeStep(t) - 1, 'the step before');
    assert.equal(matchingStep(key, totp(key, t + 30), t), timeStep(t) + 1, 'the step after');
    assert.equal(matchingStep(key, totp(key, t - 60), t), null, 'two steps back');
    assert.equal(matchingStep(key, totp(key, t + 60), t), null, 'two steps ahead');
    assert.equal(matchingStep(key, '12345', t), null);
    assert.equal(matchingStep(key, 'abcdef', t), null);
  });

  test('the otpauth:// URI (Key Uri Format) and recovery codes as typed', () => {
    const uri = new URL(otpauthUri(Buffer.from('12345678901234567890'), 'owner@shop.example', 'iStore back office'));
    assert.equal(uri.protocol, 'otpauth:');
    assert.equal(uri.host, 'totp');
    assert.equal(decodeURIComponent(uri.pathname), '/iStore back office:owner@shop.example');
    assert.equal(uri.searchParams.get('secret'), 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    assert.deepEqual(['issuer', 'algorithm', 'digits', 'period'].map((k) => uri.searchParams.get(k)), ['iStore back office', 'SHA1', '6', '30']);
    assert.equal(normalRecoveryCode(' ABCDE-FGH23 '), 'abcde-fgh23');
    assert.equal(normalRecoveryCode('abcdefgh23'), 'abcde-fgh23');
    assert.equal(normalRecoveryCode('abcde-fgh2'), null);
    assert.equal(normalRecoveryCode('abcde-fgh21'), null, '1 is not base32');
  });
});

const OWNER = 'owner@shop.example';
const CLERK = 'clerk@shop.example';
const PASSWORD = 'counter-password-1';

const { db, srv } = serverOnFreshDb();
const staffCli = (...args: string[]) => deskOf(srv, 'staff')(...args);
const signedIn = async (email: string) => {
  const s = new Staff(srv.base);
  const r = ok(await s.signIn(email, PASSWORD));
  assert.ok(r.staff, 'signed in with the password alone');
  return s;
};
/** The code an authenticator app shows now (or `shift` steps away) for the base32 secret. */
const codeOf = (secret: string, shift = 0) => totp(base32Decode(secret)!, Date.now() / 1000 + shift * 30);

describe('the owner\'s authenticator step in the back office', () => {
  let secret = '';
  let recovery: string[] = [];

  test('set-up: staff are refused; the owner gets an otpauth:// URI, the secret sealed at rest; a wrong code enrols nothing', async () => {
    const pw = path.join(db.dataDir, 'pw');
    fs.writeFileSync(pw, `${PASSWORD}\n`);
    assert.equal((await staffCli('add', OWNER, '--role', 'owner', '--password-file', pw)).code, 0);
    assert.equal((await staffCli('add', CLERK, '--role', 'staff', '--password-file', pw)).code, 0);
    const clerk = await signedIn(CLERK);
    isError(await clerk.post('/totp/setup'), 403);
    const owner = await signedIn(OWNER);
    assert.equal(ok(await owner.session()).totp, false);
    assert.deepEqual(ok(await owner.get('/totp')), { totp: false, recoveryCodesLeft: 0 });
    const setup = ok(await owner.post('/totp/setup'));
    secret = setup.secret;
    assert.match(secret, /^[A-Z2-7]{32}$/, '20 bytes of base32');
    const uri = new URL(setup.uri);
    assert.equal(uri.searchParams.get('secret'), secret);
    assert.equal(`${uri.host}${decodeURIComponent(uri.pathname)}`, `totp/iStore back office:${OWNER}`);
    const { rows: [st] } = await srv.app.db.query('SELECT totp_pending_enc, totp_secret_enc, totp_enabled_at FROM staff WHERE email = $1', [OWNER]);
    assert.match(st.totp_pending_enc, /^idv1\.[0-9a-f]{16}\./, 'sealed like the ID data');
    assert.ok(!st.totp_pending_enc.includes(secret) && !st.totp_pending_enc.includes(base32Decode(secret)!.toString('base64')));
    assert.equal(st.totp_enabled_at, null, 'not on until a code is confirmed');
    // A wrong code (one far from now) turns nothing on; signing in still takes the password alone.
    assert.match(isError(await owner.post('/totp/confirm', { code: codeOf(secret, 10) }), 400).message, /not the app's current one/);
    await signedIn(OWNER);
    isError(await owner.post('/totp/confirm', { code: 'abc' }), 400);
  });

  test('confirmed with the app\'s code: on, ten recovery codes answered once and stored hashed, recorded', async () => {
    const owner = await signedIn(OWNER);
    const r = ok(await owner.post('/totp/confirm', { code: codeOf(secret) }));
    recovery = r.recoveryCodes;
    assert.equal(recovery.length, 10);
    for (const c of recovery) assert.match(c, /^[a-z2-7]{5}-[a-z2-7]{5}$/);
    assert.equal(new Set(recovery).size, 10);
    const { rows } = await srv.app.db.query('SELECT code_hash FROM staff_recovery_codes sr JOIN staff s ON s.id = sr.staff_id WHERE s.email = $1', [OWNER]);
    assert.equal(rows.length, 10);
    for (const row of rows) assert.ok(!recovery.some((c) => row.code_hash.includes(c) || row.code_hash.includes(c.replace('-', ''))));
    assert.deepEqual(ok(await owner.get('/totp')), { totp: true, recoveryCodesLeft: 10 });
    assert.equal(ok(await owner.session()).totp, true);
    isError(await owner.post('/totp/setup'), 409);
    const actions = ok(await owner.get('/activity')).items.map((i: any) => `${i.actor} ${i.action}`);
    assert.ok(actions.includes(`${OWNER} staff.totp.on`));
  });

  test('sign-in takes a second step: the password alone opens no session; the app\'s code does, and only once', async () => {
    const s = new Staff(srv.base);
    const first = ok(await s.signIn(OWNER, PASSWORD));
    assert.equal(first.staff, null);
    assert.equal(first.secondStep, true);
    assert.ok(!s.cookies.has('istore_admin_session'), 'no session before the code');
    const challenge = s.cookies.get('istore_admin_2fa')!;
    assert.ok(challenge, 'the pending sign-in\'s cookie');
    assert.match(challenge.attrs, /Path=\/api\/istore\/admin/);
    assert.match(challenge.attrs, /HttpOnly/);
    isError(await s.get('/orders/today'), 401);
    // The code the enrolment used is spent (its time step is kept); a wrong code counts one try.
    const { rows: [st] } = await srv.app.db.query('SELECT totp_last_step FROM staff WHERE email = $1', [OWNER]);
    const key = base32Decode(secret)!;
    const used = Number(st.totp_last_step);
    assert.ok(Math.abs(used - timeStep(Date.now() / 1000)) <= 1);
    assert.match(isError(await s.post('/signin/code', { code: hotp(key, used) }), 401).message, /wrong or was used already/);
    // The next step's code (the app a little ahead of the server) is within the window and opens the session.
    const code = hotp(key, used + 1);
    const done = ok(await s.post('/signin/code', { code }));
    assert.equal(done.staff.email, OWNER);
    assert.equal(done.totp, true);
    ok(await s.get('/orders/today'));
    // The same code again, on a new sign-in: refused.
    const again = new Staff(srv.base);
    assert.equal(ok(await again.signIn(OWNER, PASSWORD)).secondStep, true);
    assert.match(isError(await again.post('/signin/code', { code }), 401).message, /wrong or was used already/);
    // Without the pending sign-in's cookie a code proves nothing.
    isError(await new Staff(srv.base).post('/signin/code', { code: hotp(key, used + 2) }), 401);
  });

  test('a recovery code signs in once; a pending sign-in takes five codes, then the password is asked again', async () => {
    const s = new Staff(srv.base);
    ok(await s.signIn(OWNER, PASSWORD));
    const done = ok(await s.post('/signin/code', { code: recovery[0].toUpperCase().replace('-', ' ') }));
    assert.equal(done.staff.email, OWNER);
    assert.equal(ok(await s.get('/totp')).recoveryCodesLeft, 9);
    const t = new Staff(srv.base);
    ok(await t.signIn(OWNER, PASSWORD));
    assert.match(isError(await t.post('/signin/code', { code: recovery[0] }), 401).message, /used already/);
    for (let i = 0; i < 4; i++) isError(await t.post('/signin/code', { code: '000000' }), 401);
    assert.match(isError(await t.post('/signin/code', { code: recovery[1] }), 401).message, /sign in with your password again/, 'the sixth code is not even checked');
    const u = new Staff(srv.base);
    ok(await u.signIn(OWNER, PASSWORD));
    assert.equal(ok(await u.post('/signin/code', { code: recovery[1] })).staff.email, OWNER, 'a fresh sign-in takes the unused code');
    const items = ok(await u.get('/activity')).items.map((i: any) => i.action);
    assert.ok(items.includes('staff.recovery-code'));
  });

  test('turning it off takes a code; the operator\'s staff totp-off turns it off for a lost phone', async () => {
    const s = new Staff(srv.base);
    ok(await s.signIn(OWNER, PASSWORD));
    ok(await s.post('/signin/code', { code: recovery[2] }));
    assert.match(isError(await s.post('/totp/disable', { code: '123456' }), 400).message, /wrong or was used already/);
    assert.deepEqual(ok(await s.post('/totp/disable', { code: recovery[3] })), { totp: false, recoveryCodesLeft: 0 });
    await signedIn(OWNER);
    // On again, then the operator turns it off from the server's command line.
    const setup = ok(await s.post('/totp/setup'));
    ok(await s.post('/totp/confirm', { code: codeOf(setup.secret) }));
    assert.equal(ok(await new Staff(srv.base).signIn(OWNER, PASSWORD)).secondStep, true);
    const r = await staffCli('totp-off', OWNER);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /password alone/);
    await signedIn(OWNER);
    assert.equal((await staffCli('totp-off', OWNER)).code, 1, 'nothing to turn off');
    assert.equal((await staffCli('totp-off', 'nobody@shop.example')).code, 1);
    const { rows } = await srv.app.db.query('SELECT totp_secret_enc, totp_enabled_at FROM staff WHERE email = $1', [OWNER]);
    assert.deepEqual(rows[0], { totp_secret_enc: null, totp_enabled_at: null });
  });
});
