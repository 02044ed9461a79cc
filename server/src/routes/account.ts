/** Accounts, addresses, countries, store credit (client: src/api/account.ts). Rules and SQL: services/auth, profile, addresses. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AddressBookParams, Addresses, Countries, CountryParams, Credentials, ForgotPasswordAnswer, ForgotPasswordQuery,
  EmailVerification, PasswordResetDone, ProfileUpdate, Registration, ResetPasswordBody, ResetPasswordExternalBody, SessionFields,
  StoreCredit, StoreCreditHistory, UpdateAddressesBody, VerifyEmailBody,
} from '../../../contract/account.ts';
import { NoBody, Ok } from '../../../contract/common.ts';
import { conflict, unauthorized } from '../lib/errors.ts';
import { RESET_CLIENT_RULE, RESET_MAIL_RULE, takeAttempts, tooMany, VERIFY_MAIL_RULE } from '../identity/rateLimit.ts';
import { mailConfirmation, mailContextOf, sendVerification, verifyEmail } from '../services/emailVerification.ts';
import { getSession, requireUser } from '../lib/session.ts';
import { storeCreditBalance } from '../services/storeCredit.ts';
import { changePassword, checkCredentials, createAccount, requestPasswordReset, resetPasswordWithToken, signIn, signOut } from '../services/auth.ts';
import { storeCreditHistory, updateProfile } from '../services/profile.ts';
import { sessionFields } from '../services/sessionFields.ts';
import { addressBook, addressType, checkOwner, countries, provinces, replaceAddressBook } from '../services/addresses.ts';
import { storeCurrency } from '../services/storeCurrency.ts';

export default async function accountRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const mailContext = (req: FastifyRequest) => mailContextOf(req);
  /** Work started after an answer; the server waits for it before it closes the database. */
  const pending = new Set<Promise<void>>();
  const afterAnswer = (work: () => Promise<void>, onError: (err: unknown) => void) => {
    const p = new Promise<void>((resolve) => setImmediate(resolve)).then(work).catch(onError).finally(() => pending.delete(p));
    pending.add(p);
  };
  app.addHook('preClose', async () => {
    await Promise.all(pending);
  });

  app.post('/common3/signon', {
    schema: { body: Credentials, response: { 200: SessionFields } },
  }, async (req, reply) => {
    const { emailID, password } = req.body;
    const userId = await checkCredentials(db, emailID, password);
    if (userId === null) throw unauthorized('Incorrect e-mail or password');
    return signIn(req, reply, userId);
  });

  app.post('/common3/clientRegistration', {
    schema: {
      body: Registration,
      response: { 200: SessionFields },
    },
  }, async (req, reply) => {
    const userId = await createAccount(db, req.body);
    await mailConfirmation(app, req, userId);
    return signIn(req, reply, userId);
  });

  // The link of the confirmation mail (/account/verify?token=…) confirms the account's e-mail address.
  app.post('/common3/verifyEmail', { schema: { body: VerifyEmailBody, response: { 200: EmailVerification } } }, async (req) => {
    return { ok: true, emailID: await verifyEmail(db, req.body.token) };
  });
  // Signed in, address not confirmed yet: mails a new link (3 per hour per account, then 429).
  app.post('/admin/userManagement/emailVerification', { schema: { body: NoBody, response: { 200: EmailVerification } } }, async (req) => {
    const s = await requireUser(req);
    if (s.user.emailVerified) throw conflict('Your e-mail address is already confirmed');
    const wait = await takeAttempts(db, [[`verify-mail:${s.userId}`, VERIFY_MAIL_RULE]]);
    if (wait > 0) throw tooMany(wait, 'confirmation mails');
    const emailID = await db.tx(async (q) => sendVerification(q, s.userId, await mailContext(req)));
    void app.mailWorker.tick();
    return { ok: true, emailID };
  });

  app.get('/common3/logout', { schema: { response: { 200: Ok } } }, async (req, reply) => {
    const s = await getSession(req);
    if (s?.userId) await signOut(req, reply, s.id);
    return { ok: true };
  });

  app.get('/common3/forgotPassword', {
    schema: { querystring: ForgotPasswordQuery, response: { 200: ForgotPasswordAnswer } },
  }, async (req) => {
    const email = req.query.emailID.trim().toLowerCase();
    const wait = await takeAttempts(db, [[`reset-client:${req.ip}`, RESET_CLIENT_RULE]]);
    if (wait) throw tooMany(wait, 'password reset requests');
    const { origin, locale } = await mailContext(req);
    // The account's part (look-up, token, mail) runs after the answer: neither its time nor its failure tells
    // whether the e-mail has an account (security probe finding 18), nor whether this recipient has had its mails.
    afterAnswer(async () => {
      if (await takeAttempts(db, [[`reset-mail:${email}`, RESET_MAIL_RULE]])) return;
      await requestPasswordReset(db, email, { origin, locale });
      void app.mailWorker.tick();
    }, (err) => req.log.error({ err }, 'forgotPassword: the reset could not be prepared'));
    return { ok: true, message: 'If an account exists for this e-mail, a reset link has been sent.' };
  });

  app.post('/common3/resetPasswordExternal', {
    schema: { body: ResetPasswordExternalBody, response: { 200: PasswordResetDone } },
  }, async (req) => {
    const unlinked = await resetPasswordWithToken(db, req.body.token, req.body.password);
    return { ok: true, unlinked };
  });

  app.post('/admin/userManagement/resetPassword', {
    schema: { body: ResetPasswordBody, response: { 200: Ok } },
  }, async (req) => {
    const s = await requireUser(req);
    await changePassword(db, s.userId, s.id, req.body.oldPassword, req.body.newPassword);
    return { ok: true };
  });

  app.put('/admin/userManagement/userInfo', { schema: { body: ProfileUpdate, response: { 200: SessionFields } } }, async (req) => {
    const s = await requireUser(req);
    return updateProfile(db, s.userId, req.body);
  });
  app.get('/admin/userManagement/userInfo', { schema: { response: { 200: SessionFields } } }, async (req) => {
    const s = await requireUser(req);
    return sessionFields(db, s.user);
  });

  app.get('/admin/userManagement/getAddresses/:a/type/:b', { schema: { params: AddressBookParams, response: { 200: Addresses } } }, async (req) => {
    const s = await requireUser(req);
    const { a, b } = req.params;
    checkOwner(a, s.userId);
    return { addresses: await addressBook(db, s.userId, addressType(b)) };
  });
  app.post('/admin/userManagement/updateAddresses/:a/:b', {
    schema: { params: AddressBookParams, body: UpdateAddressesBody, response: { 200: Addresses } },
  }, async (req) => {
    const s = await requireUser(req);
    const { a, b } = req.params;
    checkOwner(a, s.userId);
    return { addresses: await replaceAddressBook(db, s.userId, addressType(b), req.body.addresses) };
  });

  app.get('/common3/supportedCountries', { schema: { response: { 200: Countries } } }, async () => countries(db));
  app.get('/common3/provinces/:country', {
    schema: { params: CountryParams, response: { 200: Countries } },
  }, async (req) => provinces(db, req.params.country));

  app.get('/admin/storeCreditManagement/storeCredit', { schema: { response: { 200: StoreCredit } } }, async (req) => {
    const s = await requireUser(req);
    return { balance: await storeCreditBalance(db, s.userId), currency: await storeCurrency(db) };
  });
  app.get('/admin/storeCreditManagement/storeCreditHistory', {
    schema: { response: { 200: StoreCreditHistory } },
  }, async (req) => {
    const s = await requireUser(req);
    return storeCreditHistory(db, s.userId);
  });
}
