/**
 * Which configured providers are reconciled and how (payments/reconcile.ts): each real provider whose credentials are
 * set (payments/index.ts PROVIDERS), with its statement reader, or why it has none. The sandbox is never reconciled
 * (no money moves).
 *
 * - WeChat Pay: the trade bill (statements/wechatpay.ts), Beijing time.
 * - SnapPay and IOTPay: not reconciled. Neither publishes a statement or settlement-file API in its public
 *   documentation (SnapPay's open API documents payment, query, refund and close; IOTPay's documents payment, query and
 *   refund); their settlement reports are in the merchants' portals. The report says so, and the sync worker's
 *   queries (payments/sync.ts) remain the only check on them.
 */
import type { PaymentProvider } from '../provider.ts';
import type { Reconcilable } from '../reconcile.ts';
import { wechatPayProvider, wechatPaySettings } from '../wechatpay.ts';
import { snappayFromEnv } from '../snappay.ts';
import { iotpayFromEnv } from '../iotpay.ts';
import { wechatPayStatements } from './wechatpay.ts';

const NO_STATEMENT_API = (who: string) => `${who} documents no statement API publicly: not reconciled (its settlement reports are in its merchant portal)`;

export type ProviderName = 'wechatpay' | 'alipay' | 'paypal' | 'snappay' | 'iotpay';
export const RECONCILE_PROVIDERS: readonly ProviderName[] = ['wechatpay', 'alipay', 'paypal', 'snappay', 'iotpay'];

/** The configured real providers with their statement sources (or why not), in RECONCILE_PROVIDERS order. */
export function reconcilables(env: NodeJS.ProcessEnv): Reconcilable[] {
  const out: Reconcilable[] = [];
  const wechat = wechatPaySettings(env);
  if (wechat) out.push({ provider: wechatPayProvider(wechat), source: wechatPayStatements(wechat) });
  const none = (p: PaymentProvider | null, who: string) => {
    if (p) out.push({ provider: p, source: null, why: NO_STATEMENT_API(who) });
  };
  none(snappayFromEnv(env), 'SnapPay');
  none(iotpayFromEnv(env), 'IOTPay');
  return out;
}
