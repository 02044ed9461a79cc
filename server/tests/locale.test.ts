/**
 * Issue 15 item 6: a first visit speaks the shopper's language. Until the visitor chooses one (changeLocale), app info's
 * currentLocale follows Accept-Language (en or zh, by q-value; anything else en); a choice always wins afterwards,
 * also across sign-in.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localeFromAcceptLanguage } from '../src/lib/acceptLanguage.ts';
import { serverOnFreshDb, Shopper, ok } from './helpers.ts';

const { srv } = serverOnFreshDb();

const localeOf = async (s: Shopper, acceptLanguage?: string) =>
  ok(await s.get('/common3/appInfoInit', acceptLanguage === undefined ? {} : { headers: { 'accept-language': acceptLanguage } })).appContent.system.appMessage.currentLocale;

test('Accept-Language picks en or zh by q-value and order; other languages and junk mean en', () => {
  const cases: [string | undefined, string | null][] = [
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['en-US,en;q=0.9,zh-CN;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,zh-TW;q=0.5', 'zh'],
    ['fr;q=1, en;q=0.2, zh;q=0.7', 'zh'],
    ['zh-Hant-HK', 'zh'],
    ['ZH', 'zh'],
    ['en;q=0.5, zh;q=0.5', 'en'],
    ['zh;q=0, en;q=0.1', 'en'],
    ['fr-FR', null],
    ['*', null],
    ['zh;q=abc', null],
    ['', null],
    [undefined, null],
  ];
  for (const [header, want] of cases) assert.equal(localeFromAcceptLanguage(header), want, String(header));
});

test('a first visit gets the language its browser asks for, with that language\'s server messages', async () => {
  const info = ok(await new Shopper(srv.base).get('/common3/appInfoInit', { headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' } }));
  assert.equal(info.appContent.system.appMessage.currentLocale, 'zh');
  const st = ok(await new Shopper(srv.base).get('/common3/changeLocale/zh')).applicationMessage.messages;
  assert.deepEqual(info.appContent.system.appMessage.applicationMessage.messages, st);
  assert.equal(await localeOf(new Shopper(srv.base), 'en-GB'), 'en');
  assert.equal(await localeOf(new Shopper(srv.base), 'de-DE'), 'en');
  assert.equal(await localeOf(new Shopper(srv.base)), 'en');
});

test('a visitor with a session but no choice (a cart) still follows Accept-Language', async () => {
  const s = new Shopper(srv.base);
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1001', quantity: 1, optionPair: 'grind:Whole bean' }));
  assert.ok(s.cookies.has('ISTORE_SESSION'));
  assert.equal(await localeOf(s, 'zh-CN'), 'zh');
  assert.equal(await localeOf(s, 'en-US'), 'en');
});

test('a session made without a choice keeps the first request\'s language, so the store\'s mail speaks it', async () => {
  const s = new Shopper(srv.base);
  ok(await s.post('/shoppingManagement4/myCart', { productId: '1001', quantity: 1, optionPair: 'grind:Whole bean' }, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } }));
  const newest = async () => (await srv.app.db.query('SELECT locale, locale_chosen FROM sessions ORDER BY id DESC LIMIT 1')).rows[0];
  assert.deepEqual(await newest(), { locale: 'zh', locale_chosen: false });
  // no Accept-Language on a later request (a mini-program's request, say): the session's language
  assert.equal(await localeOf(s), 'zh');
  ok(await s.get('/common3/changeLocale/en'));
  assert.deepEqual(await newest(), { locale: 'en', locale_chosen: true });
  assert.equal(await localeOf(s, 'zh-CN'), 'en');
});

test('a chosen language always wins over Accept-Language, also after signing in', async () => {
  const s = new Shopper(srv.base);
  // A Chinese browser whose shopper picks English.
  ok(await s.get('/common3/changeLocale/en', { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } }));
  assert.equal(await localeOf(s, 'zh-CN,zh;q=0.9'), 'en');
  ok(await s.get('/common3/changeLocale/zh'));
  assert.equal(await localeOf(s, 'en-US'), 'zh');
  ok(await s.post('/common3/signon', { emailID: 'demo@istore.test', password: 'demopass123' }, { headers: { 'accept-language': 'en-US' } }));
  assert.equal(await localeOf(s, 'en-US'), 'zh', 'the choice moves to the signed-in session');
});
