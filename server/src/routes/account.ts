/** Accounts, addresses, countries, store credit (client: src/api/account.ts). Rules and SQL: services/auth, profile, addresses. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AddressBookParams, Addresses, Countries, CountryParams, Credentials, ForgotPasswordAnswer, ForgotPasswordQuery,
  PasswordResetDone, ProfileUpdate, Registration, ResetPasswordBody, ResetPasswordExternalBody, SessionFields, StoreCredit,
  StoreCreditHistory, UpdateAddressesBody,
} from '../../../contract/account.ts';
import { Ok } from '../../../contract/common.ts';
import { unauthorized } from '../lib/errors.ts';
import { getSession, requireUser } from '../lib/session.ts';
import { storeCreditBalance } from '../services/cart.ts';
import { changePassword, checkCredentials, createAccount, requestPasswordReset, resetPasswordWithToken, signIn, signOut } from '../services/auth.ts';
import { storeCreditHistory, updateProfile } from '../services/profile.ts';
import { sessionFields } from '../services/sessionFields.ts';
import { addressBook, addressType, checkOwner, countries, provinces, replaceAddressBook } from '../services/addresses.ts';

export default async function accountRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

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
    return signIn(req, reply, await createAccount(db, req.body));
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
    const origin = app.config.publicUrl ?? `${req.protocol}://${req.host}`;
    await requestPasswordReset(db, email, { origin, locale: (await getSession(req))?.locale });
    void app.mailWorker.tick();
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
    return { balance: await storeCreditBalance(db, s.userId), currency: 'CAD' };
  });
  app.get('/admin/storeCreditManagement/storeCreditHistory', {
    schema: { response: { 200: StoreCreditHistory } },
  }, async (req) => {
    const s = await requireUser(req);
    return storeCreditHistory(db, s.userId);
  });
}
