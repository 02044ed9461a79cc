/** Accounts, addresses, countries, store credit (client: src/api/account.ts). */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, obj, AnyObject, Bilingual } from '../lib/schemas.ts';
import { badRequest, conflict, notFound, unauthorized } from '../lib/errors.ts';
import { ensureSession, getSession, hashToken, newToken, requireUser, rotateSession } from '../lib/session.ts';
import { dummyHash, endOtherSessions, hashPassword, needsRehash, verifyPassword } from '../lib/password.ts';
import type { Queryable } from '../db/index.ts';
import { releaseReservation } from '../services/orders.ts';
import { storeCreditBalance } from '../services/cart.ts';
import { checkAddress, EMAIL_RE, PHONE_RE, type Address } from '../services/validate.ts';
import { userFields } from './appInfo.ts';
import { unlinkAll } from '../identity/store.ts';
import { AddressBody } from './checkout.ts';

const UserResponse = obj({
  user: obj({ firstName: Type.String(), lastName: Type.String(), emailID: Type.String(), profileImage: Type.String() }),
  userID: Type.String(), lastLoginDate: Type.String(), myID: Type.String(),
  referrerUserGroup: Type.Union([Type.Null(), AnyObject]), membership: Type.Union([Type.Null(), AnyObject]),
});
const Password = Type.String({ maxLength: 200 });

function toUser(r: any) {
  return {
    id: r.id, email: r.email, firstName: r.first_name, lastName: r.last_name, phone: r.phone,
    profileImage: r.profile_image, myId: r.my_id, lastLoginAt: r.last_login_at ?? null,
  };
}

/** Moves the guest's cart (merging into the account's cart) and guest orders of this session to the user. */
async function attachGuestData(q: Queryable, sessionId: number, userId: number) {
  const guest = (await q.query('SELECT * FROM carts WHERE session_id = $1 AND user_id IS NULL FOR UPDATE', [sessionId])).rows[0];
  const mine = (await q.query('SELECT * FROM carts WHERE user_id = $1 FOR UPDATE', [userId])).rows[0];
  if (guest) {
    if (guest.reserved_order_id) await releaseReservation(q, guest.reserved_order_id, true);
    const lines = (await q.query('SELECT count(*)::int AS n FROM cart_lines WHERE cart_id = $1', [guest.id])).rows[0].n;
    if (!mine) {
      await q.query('UPDATE carts SET user_id = $1, session_id = NULL, store_credit = 0 WHERE id = $2', [userId, guest.id]);
    } else {
      if (lines) {
        if (mine.reserved_order_id) await releaseReservation(q, mine.reserved_order_id, true);
        await q.query(
          `INSERT INTO cart_lines (cart_id, item_key, product_id, option_pair, quantity, add_on, created_at)
           SELECT $1, item_key, product_id, option_pair, quantity, add_on, created_at FROM cart_lines WHERE cart_id = $2
           ON CONFLICT (cart_id, item_key) DO UPDATE SET quantity = LEAST(cart_lines.quantity + EXCLUDED.quantity, 999)`,
          [mine.id, guest.id],
        );
      }
      await q.query('DELETE FROM carts WHERE id = $1', [guest.id]);
    }
  }
  // Only the guest's last half hour: the same shopper signing in after checkout, not an earlier visitor of the browser.
  await q.query(`UPDATE orders SET user_id = $1 WHERE session_id = $2 AND user_id IS NULL AND created_at > now() - interval '30 minutes'`, [userId, sessionId]);
}

/** Signs the visitor in as `userId`: guest cart and orders move over, the session token rotates. */
export async function signIn(req: FastifyRequest, reply: FastifyReply, userId: number) {
  const db = req.server.db;
  const s = await ensureSession(req, reply);
  const row = await db.tx(async (q) => {
    await attachGuestData(q, s.id, userId);
    await q.query('UPDATE sessions SET user_id = $1 WHERE id = $2', [userId, s.id]);
    await rotateSession(req, reply, q, s.id);
    return (await q.query('UPDATE users SET last_login_at = now() WHERE id = $1 RETURNING *', [userId])).rows[0];
  });
  req.sessionCache = undefined;
  return userFields(toUser(row));
}

/** The account these credentials open, or null; an unknown e-mail costs the same time as a wrong password. */
export async function checkCredentials(db: Queryable, emailID: string, password: string): Promise<number | null> {
  const { rows } = await db.query('SELECT id, password_hash FROM users WHERE email = $1', [emailID.trim().toLowerCase()]);
  const ok = rows[0] ? await verifyPassword(password, rows[0].password_hash) : (await verifyPassword(password, await dummyHash()), false);
  if (ok && needsRehash(rows[0].password_hash)) {
    await db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [await hashPassword(password), rows[0].id]);
  }
  return ok ? rows[0].id : null;
}

export interface Registration {
  emailID: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Creates an e-mail account (400 with every problem, 409 when the e-mail is taken) and returns its id. */
export async function createAccount(db: Queryable, b: Registration): Promise<number> {
  const email = b.emailID.trim().toLowerCase();
  const errors: string[] = [];
  if (!EMAIL_RE.test(email)) errors.push('E-mail address is not valid');
  if (b.password.length < 8) errors.push('Password must be at least 8 characters');
  if (!b.firstName.trim()) errors.push('First name is required');
  if (!b.lastName.trim()) errors.push('Last name is required');
  if (errors.length) throw badRequest(errors);
  const hash = await hashPassword(b.password);
  const myId = 'R' + crypto.randomBytes(5).toString('hex').toUpperCase();
  const { rows } = await db.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, my_id) VALUES ($1,$2,$3,$4,$5) ON CONFLICT (email) DO NOTHING RETURNING id`,
    [email, hash, b.firstName.trim(), b.lastName.trim(), myId],
  );
  if (!rows[0]) throw conflict('An account with this e-mail already exists');
  return rows[0].id;
}

export default async function accountRoutes(app: FastifyInstance) {
  const db = app.db;

  app.post('/common3/signon', {
    schema: { body: Type.Object({ emailID: Type.String({ maxLength: 254 }), password: Password }), response: { 200: UserResponse } },
  }, async (req, reply) => {
    const { emailID, password } = req.body as { emailID: string; password: string };
    const userId = await checkCredentials(db, emailID, password);
    if (userId === null) throw unauthorized('Incorrect e-mail or password');
    return signIn(req, reply, userId);
  });

  app.post('/common3/clientRegistration', {
    schema: {
      body: Type.Object({ emailID: Type.String({ maxLength: 254 }), password: Password, firstName: Type.String({ maxLength: 60 }), lastName: Type.String({ maxLength: 60 }) }),
      response: { 200: UserResponse },
    },
  }, async (req, reply) => {
    return signIn(req, reply, await createAccount(db, req.body as Registration));
  });

  app.get('/common3/logout', { schema: { response: { 200: obj({ ok: Type.Boolean() }) } } }, async (req, reply) => {
    const s = await getSession(req);
    if (s?.userId) {
      await db.tx(async (q) => {
        await q.query('UPDATE sessions SET user_id = NULL WHERE id = $1', [s.id]);
        await rotateSession(req, reply, q, s.id);
      });
    }
    return { ok: true };
  });

  app.get('/common3/forgotPassword', {
    schema: { querystring: Type.Object({ emailID: Type.String({ minLength: 1, maxLength: 254 }) }), response: { 200: obj({ ok: Type.Boolean(), message: Type.String() }) } },
  }, async (req) => {
    const email = (req.query as { emailID: string }).emailID.trim().toLowerCase();
    const { rows } = await db.query('SELECT id FROM users WHERE email = $1', [email]);
    if (rows[0]) {
      const token = newToken(24);
      await db.query(`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [hashToken(token), rows[0].id]);
      // No mail server in the reference store: outside production the reset link is logged for the operator; in
      // production the log must not become a store of account-opening links (a mailer is needed there).
      if (app.config.nodeEnv !== 'production') {
        req.log.info({ resetEmail: email, resetToken: token, resetLink: `/account/reset?token=${token}` }, 'password reset requested');
      }
    }
    return { ok: true, message: 'If an account exists for this e-mail, a reset link has been sent.' };
  });

  app.post('/common3/resetPasswordExternal', {
    schema: {
      body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Password }),
      response: { 200: obj({ ok: Type.Boolean(), unlinked: Type.Array(Type.String()) }) },
    },
  }, async (req) => {
    const { token, password } = req.body as { token: string; password: string };
    if (password.length < 8) throw badRequest('Password must be at least 8 characters');
    // The token first: a made-up token must not cost a password hash (unauthenticated CPU burn).
    const valid = await db.query(`SELECT 1 FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`, [hashToken(token)]);
    if (!valid.rows[0]) throw badRequest('Reset link is invalid or has expired');
    const hash = await hashPassword(password);
    const unlinked = await db.tx(async (q) => {
      const { rows } = await q.query(
        `UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`, [hashToken(token)]);
      if (!rows[0]) throw badRequest('Reset link is invalid or has expired');
      await q.query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash, rows[0].user_id]);
      await endOtherSessions(q, rows[0].user_id, null);
      return unlinkAll(q, rows[0].user_id);
    });
    return { ok: true, unlinked };
  });

  app.post('/admin/userManagement/resetPassword', {
    schema: { body: Type.Object({ oldPassword: Password, newPassword: Password }), response: { 200: obj({ ok: Type.Boolean() }) } },
  }, async (req) => {
    const s = await requireUser(req);
    const { oldPassword, newPassword } = req.body as { oldPassword: string; newPassword: string };
    if (newPassword.length < 8) throw badRequest('New password must be at least 8 characters');
    const { rows } = await db.query('SELECT password_hash FROM users WHERE id = $1', [s.userId]);
    if (!(await verifyPassword(oldPassword, rows[0].password_hash))) throw badRequest('Current password is incorrect');
    const hash = await hashPassword(newPassword);
    await db.tx(async (q) => {
      await q.query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash, s.userId]);
      await endOtherSessions(q, s.userId, s.id);
    });
    return { ok: true };
  });

  const UserInfoBody = Type.Object({
    firstName: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })), lastName: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    phone: Type.Optional(Type.String({ maxLength: 30 })), profileImage: Type.Optional(Type.String({ maxLength: 500 })),
  });
  app.put('/admin/userManagement/userInfo', { schema: { body: UserInfoBody, response: { 200: UserResponse } } }, async (req) => {
    const s = await requireUser(req);
    const b = req.body as { firstName?: string; lastName?: string; phone?: string; profileImage?: string };
    if (b.phone && !PHONE_RE.test(b.phone.trim())) throw badRequest('Phone number is not valid');
    if (b.firstName !== undefined && !b.firstName.trim()) throw badRequest('First name is required');
    if (b.lastName !== undefined && !b.lastName.trim()) throw badRequest('Last name is required');
    if (b.profileImage && !/^(https:\/\/|[a-z0-9][a-z0-9-]*\.(svg|png|jpg|jpeg|webp)$)/i.test(b.profileImage)) throw badRequest('profileImage must be an https URL or an image name');
    const { rows } = await db.query(
      `UPDATE users SET first_name = COALESCE($2, first_name), last_name = COALESCE($3, last_name), phone = COALESCE($4, phone),
        profile_image = COALESCE($5, profile_image) WHERE id = $1 RETURNING *`,
      [s.userId, b.firstName?.trim() ?? null, b.lastName?.trim() ?? null, b.phone?.trim() ?? null, b.profileImage ?? null],
    );
    return userFields(toUser(rows[0]));
  });
  app.get('/admin/userManagement/userInfo', { schema: { response: { 200: UserResponse } } }, async (req) => {
    const s = await requireUser(req);
    return userFields(s.user);
  });

  const AddrParams = Type.Object({ a: Type.String({ maxLength: 20 }), b: Type.String({ maxLength: 20 }) });
  function checkOwner(a: string, userId: number) {
    if (a !== 'me' && a !== String(userId)) throw notFound('Address book not found');
  }
  function addrType(b: string) {
    const t = b.toUpperCase();
    if (t !== 'SHIPPING' && t !== 'BILLING') throw badRequest(`Address type must be SHIPPING or BILLING (got '${b}')`);
    return t;
  }
  const AddrList = obj({ addresses: Type.Array(AnyObject) });
  app.get('/admin/userManagement/getAddresses/:a/type/:b', { schema: { params: AddrParams, response: { 200: AddrList } } }, async (req) => {
    const s = await requireUser(req);
    const { a, b } = req.params as { a: string; b: string };
    checkOwner(a, s.userId);
    const { rows } = await db.query('SELECT data FROM addresses WHERE user_id = $1 AND type = $2 ORDER BY sort, id', [s.userId, addrType(b)]);
    return { addresses: rows.map((r: any) => r.data) };
  });
  app.post('/admin/userManagement/updateAddresses/:a/:b', {
    schema: { params: AddrParams, body: Type.Object({ addresses: Type.Array(AddressBody, { maxItems: 10 }) }), response: { 200: AddrList } },
  }, async (req) => {
    const s = await requireUser(req);
    const { a, b } = req.params as { a: string; b: string };
    checkOwner(a, s.userId);
    const type = addrType(b);
    const list: Address[] = [];
    for (const [i, x] of (req.body as { addresses: Address[] }).addresses.entries()) {
      const clean = await checkAddress(db, x, `addresses[${i}]`);
      list.push({ ...clean, id: clean.id || `a${i + 1}${Date.now().toString(36)}` });
    }
    if (list.length && !list.some((x) => x.isDefault)) list[0].isDefault = true;
    await db.tx(async (q) => {
      await q.query('DELETE FROM addresses WHERE user_id = $1 AND type = $2', [s.userId, type]);
      for (const [i, x] of list.entries()) {
        await q.query('INSERT INTO addresses (user_id, type, data, sort) VALUES ($1,$2,$3::jsonb,$4)', [s.userId, type, JSON.stringify(x), i]);
      }
    });
    return { addresses: list };
  });

  const Country = obj({ code: Type.String(), name: Type.String(), nameContent: Bilingual });
  app.get('/common3/supportedCountries', { schema: { response: { 200: Type.Array(Country) } } }, async () => {
    const { rows } = await db.query('SELECT * FROM countries ORDER BY sort, code');
    return rows.map((r: any) => ({ code: r.code, name: r.name_en, nameContent: { en: r.name_en, zh: r.name_zh } }));
  });
  app.get('/common3/provinces/:country', {
    schema: { params: Type.Object({ country: Type.String({ maxLength: 10 }) }), response: { 200: Type.Array(Country) } },
  }, async (req) => {
    const c = (req.params as { country: string }).country.toUpperCase();
    const { rows } = await db.query('SELECT * FROM provinces WHERE country = $1 ORDER BY name_en', [c]);
    if (!rows.length) throw notFound(`Unknown country '${c}'`);
    return rows.map((r: any) => ({ code: r.code, name: r.name_en, nameContent: { en: r.name_en, zh: r.name_zh } }));
  });

  app.get('/admin/storeCreditManagement/storeCredit', { schema: { response: { 200: obj({ balance: Type.Integer(), currency: Type.String() }) } } }, async (req) => {
    const s = await requireUser(req);
    return { balance: await storeCreditBalance(db, s.userId), currency: 'CAD' };
  });
  app.get('/admin/storeCreditManagement/storeCreditHistory', {
    schema: { response: { 200: obj({ balance: Type.Integer(), currency: Type.String(), entries: Type.Array(AnyObject) }) } },
  }, async (req) => {
    const s = await requireUser(req);
    const { rows } = await db.query(
      `SELECT amount, reason, order_id, created_at, sum(amount) OVER (ORDER BY created_at, id)::int AS balance_after
       FROM store_credit_ledger WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [s.userId]);
    return {
      balance: await storeCreditBalance(db, s.userId),
      currency: 'CAD',
      entries: rows.map((r: any) => ({
        amount: r.amount, reason: r.reason, orderID: r.order_id != null ? String(r.order_id) : null,
        balanceAfter: r.balance_after, createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  });
}
