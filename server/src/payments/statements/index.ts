/**
 * Which configured providers are reconciled and how (payments/reconcile.ts): each real provider whose credentials are
 * set (payments/index.ts PROVIDERS), with its statement reader, or why it has none. The sandbox is never reconciled
 * (no money moves).
 *
 * - WeChat Pay: the trade bill (statements/wechatpay.ts), Beijing time.
 * - Alipay, domestic API (ALIPAY_API=domestic): the trade bill (statements/alipay.ts), Beijing time. The cross-border
 *   API is not reconciled: its trades are in their trans_currency, the bill states yuan.
 * - PayPal: the Transaction Search API (statements/paypal.ts), UTC.
 * - SnapPay and IOTPay: not reconciled. No statement or settlement-file API of theirs is publicly documented (their
 *   open APIs, as the providers here use them, are payment, query, refund and close); the report says so, and the sync
 *   worker's queries (payments/sync.ts) remain the only check on them.
 */
import type { FastifyInstance } from 'fastify';
import type { PaymentProvider } from '../provider.ts';
import { ReconcileWorker, type Reconcilable } from '../reconcile.ts';
import { wechatPayProvider, wechatPaySettings } from '../wechatpay.ts';
import { snappayFromEnv } from '../snappay.ts';
import { iotpayFromEnv } from '../iotpay.ts';
import { wechatPayStatements } from './wechatpay.ts';
import { paypalConfigFromEnv, paypalProvider } from '../paypal.ts';
import { paypalStatements } from './paypal.ts';
import { alipayProvider, alipaySettings } from '../alipay.ts';
import { alipayStatements } from './alipay.ts';

const NO_STATEMENT_API = (who: string) => `${who} documents no statement API publicly: not reconciled`;

export type ProviderName = 'wechatpay' | 'alipay' | 'paypal' | 'snappay' | 'iotpay';
export const RECONCILE_PROVIDERS: readonly ProviderName[] = ['wechatpay', 'alipay', 'paypal', 'snappay', 'iotpay'];

/** The configured real providers with their statement sources (or why not), in RECONCILE_PROVIDERS order. */
export function reconcilables(env: NodeJS.ProcessEnv): Reconcilable[] {
  const out: Reconcilable[] = [];
  const wechat = wechatPaySettings(env);
  if (wechat) out.push({ provider: wechatPayProvider(wechat), source: wechatPayStatements(wechat) });
  const alipay = alipaySettings(env);
  if (alipay) {
    out.push(alipay.api === 'domestic'
      ? { provider: alipayProvider(alipay), source: alipayStatements(alipay) }
      : { provider: alipayProvider(alipay), source: null, why: 'Alipay\'s cross-border API (ALIPAY_API=global): its trades are in their trans_currency and the trade bill states yuan: not reconciled' });
  }
  const paypal = paypalConfigFromEnv(env);
  if (paypal) out.push({ provider: paypalProvider(paypal), source: paypalStatements(paypal) });
  const none = (p: PaymentProvider | null, who: string) => {
    if (p) out.push({ provider: p, source: null, why: NO_STATEMENT_API(who) });
  };
  none(snappayFromEnv(env), 'SnapPay');
  none(iotpayFromEnv(env), 'IOTPay');
  return out;
}

/** How often the daily run looks whether a day is due (its first look is one interval after the start). */
const DAILY_POLL_MS = 15 * 60_000;

/**
 * The daily reconciliation of this instance (app.ts): every configured provider with a statement, the day before,
 * once for all instances (ReconcileWorker's claim in reconcile_days); mailed to MAIL_OPERATOR. None when no provider
 * has a statement. Its first look is DAILY_POLL_MS after the start, so a short-lived process (a test's server, a
 * restart loop) does not fetch statements at start.
 */
export function startReconcileWorker(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): ReconcileWorker | null {
  const targets = reconcilables(env).filter((t) => t.source);
  if (!targets.length) return null;
  const worker = new ReconcileWorker(app.db, targets, {
    by: 'daily', log: app.log, mailTo: env.MAIL_OPERATOR || undefined, pollMs: DAILY_POLL_MS, retryBaseMs: 3_600_000,
  });
  const timer = setInterval(() => void worker.tick(), DAILY_POLL_MS);
  timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await worker.stop();
  });
  return worker;
}
