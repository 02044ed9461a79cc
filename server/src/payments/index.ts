/**
 * The payment router: one PaymentProvider for the routes and the workers, delegating each attempt to the provider
 * that serves its channel. Each channel is served by exactly one provider:
 *   - the one CHANNEL_PROVIDERS names for it (e.g. `WECHAT_MINI_PROGRAM=iotpay,NATIVE_WECHAT_JSAPI=iotpay`): the start
 *     refuses a channel given to a provider that cannot serve it, has no credentials, or lacks what the channel needs
 *     (channelRefusal), and the sandbox where no sandbox is allowed, naming the channel and why;
 *   - else a real one that claims it where its credentials are configured (PROVIDERS below; two claiming one channel
 *     stop the start), else the sandbox, except in production without ISTORE_SANDBOX=1, where a channel without a real
 *     provider is not offered at all.
 * PAYMENT_H5_CHANNELS narrows the hosted channels offered, whoever serves them.
 */
import { H5_PAYMENT_CHANNELS, PAYMENT_CHANNELS } from '../../../contract/constants.ts';
import { credentialVarsOf, isProduction, type StartFacts } from '../config.ts';
import { badRequest } from '../lib/errors.ts';
import type { PaymentAttempt, PaymentChannel, PaymentProvider, ProviderContext } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';
import { paypalFromEnv } from './paypal.ts';
import { snappayFromEnv } from './snappay.ts';
import { iotpayFromEnv } from './iotpay.ts';
import { wechatPayFromEnv } from './wechatpay.ts';
import { alipayFromEnv } from './alipay.ts';

/** A real provider built from its environment variables, or null when none of them is set (a partial set throws). */
export type ProviderFactory = (env: NodeJS.ProcessEnv) => PaymentProvider | null;

/** The real providers this build knows, each configured by its own variables (server/README.md). */
export const PROVIDERS: ProviderFactory[] = [wechatPayFromEnv, alipayFromEnv, paypalFromEnv, snappayFromEnv, iotpayFromEnv];

export interface PaymentRouter extends PaymentProvider {
  /** Channels shoppers are offered (paymentConfig's onlineProviders; a payment on any other is refused). */
  readonly offered: readonly PaymentChannel[];
  /** Names of the real providers configured. */
  readonly realProviders: readonly string[];
  /** Offered channels served by the sandbox (anyone can pay them without paying). */
  readonly sandboxChannels: readonly PaymentChannel[];
  /** Name of the provider serving an offered channel. */
  providerName(channel: PaymentChannel): string;
  /** The provider whose notifications arrive at /api/istore/notify/<name>. */
  byName(name: string): PaymentProvider | undefined;
  /** Until when the provider serving the attempt takes its payment, started at `startedAt`; null: nothing to watch. */
  payableUntilOf(attempt: PaymentAttempt, startedAt: Date): Date | null;
  /** True where the channel's provider serves that in-app channel with its own page (PaymentProvider.inAppByPage). */
  inAppByPage(channel: PaymentChannel): boolean;
  /** The provider of a channel a shopper asks to pay on; a channel not offered is a 400. */
  forNewPayment(channel: PaymentChannel): PaymentProvider;
  /** Opens every real provider that keeps state in the database (PaymentProvider.open); resolves to what stops them. */
  open(ctx: ProviderContext): Promise<() => Promise<void>>;
}

/** The start's facts (config.ts StartFacts: NODE_ENV, ISTORE_SANDBOX, a live shop's settings) and the router's own. */
export interface RouterSettings extends StartFacts {
  /** PAYMENT_PROVIDER: only 'sandbox' (or unset) remains; real providers are chosen per channel by their credentials. */
  paymentProvider: string;
  allowSandbox: boolean;
  sandboxRefundFailures: number;
}

export function createPaymentProvider(settings: RouterSettings, env: NodeJS.ProcessEnv = process.env, factories = PROVIDERS): PaymentRouter {
  if (settings.paymentProvider !== 'sandbox') {
    throw new Error(`PAYMENT_PROVIDER '${settings.paymentProvider}' is not available: each channel is served by the provider whose ` +
      'credentials are set (WECHATPAY_*, ALIPAY_*, PAYPAL_*; server/README.md), and PAYMENT_PROVIDER only takes \'sandbox\'');
  }
  const real = factories.map((f) => f(env)).filter((p): p is PaymentProvider => p !== null);
  // The credentials this router is given count as a live shop's, like those of the start's own environment.
  const production = isProduction({ ...settings, credentialVars: [...settings.credentialVars ?? [], ...credentialVarsOf(env)] });
  const sandboxAllowed = !production || settings.allowSandbox;
  const sandbox = sandboxProvider({ refundFailures: settings.sandboxRefundFailures });
  const assigned = channelAssignments(env.CHANNEL_PROVIDERS ?? '', real, sandboxAllowed ? sandbox : null);
  return paymentRouter(real, sandboxAllowed ? sandbox : null, hostedChannelsWanted(env), assigned);
}

/** The providers CHANNEL_PROVIDERS may name, with the variables that configure each. */
const PROVIDER_VARIABLES: Record<string, string> = {
  wechatpay: 'WECHATPAY_*', alipay: 'ALIPAY_*', paypal: 'PAYPAL_*', snappay: 'SNAPPAY_*', iotpay: 'IOTPAY_*', sandbox: '',
};

/**
 * CHANNEL_PROVIDERS (`CHANNEL=provider,…`): the provider the operator chose for each channel named. Throws (the start
 * exits 1) naming the channel and why when the choice cannot work.
 */
export function channelAssignments(value: string, real: readonly PaymentProvider[], sandbox: PaymentProvider | null): Map<PaymentChannel, PaymentProvider> {
  const assigned = new Map<PaymentChannel, PaymentProvider>();
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    const m = /^([A-Z0-9_]+)\s*=\s*([a-z]+)$/.exec(entry);
    if (!m) throw new Error(`CHANNEL_PROVIDERS: '${entry}' is not CHANNEL=provider (e.g. WECHAT_MINI_PROGRAM=iotpay)`);
    const channel = m[1] as PaymentChannel;
    const name = m[2];
    const refuse = (why: string): never => {
      throw new Error(`CHANNEL_PROVIDERS: ${channel} cannot be served by ${name}: ${why}`);
    };
    if (!PAYMENT_CHANNELS.includes(channel)) throw new Error(`CHANNEL_PROVIDERS: ${channel} is not a payment channel (${PAYMENT_CHANNELS.join(', ')})`);
    if (assigned.has(channel)) throw new Error(`CHANNEL_PROVIDERS: ${channel} is given twice`);
    if (!(name in PROVIDER_VARIABLES)) refuse(`there is no provider '${name}' (${Object.keys(PROVIDER_VARIABLES).join(', ')})`);
    let provider: PaymentProvider | undefined;
    if (name === 'sandbox') {
      if (!sandbox) refuse('the sandbox is not allowed here (production without ISTORE_SANDBOX=1): anyone could pay without paying');
      provider = sandbox as PaymentProvider;
    } else {
      provider = real.find((p) => p.name === name);
      if (!provider) refuse(`${name} has no credentials (set ${PROVIDER_VARIABLES[name]}, server/README.md)`);
    }
    const p = provider as PaymentProvider;
    const can = p.canServe ?? p.channels;
    if (name !== 'sandbox' && !can.includes(channel)) refuse(`${name} serves ${can.join(', ')} only`);
    const why = p.channelRefusal?.(channel);
    if (why) refuse(why);
    assigned.set(channel, p);
  }
  return assigned;
}

/** PAYMENT_H5_CHANNELS (comma list): the hosted channels the operator offers; unset = all of them. */
function hostedChannelsWanted(env: NodeJS.ProcessEnv): readonly PaymentChannel[] {
  const only = (env.PAYMENT_H5_CHANNELS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return only.length ? H5_PAYMENT_CHANNELS.filter((c) => only.includes(c)) : H5_PAYMENT_CHANNELS;
}

/**
 * Routes every channel to its one provider: the assigned one (CHANNEL_PROVIDERS), else a real provider's claim, else
 * the sandbox (when given), else none. Each provider is seen by the workers and the notification route with the
 * channels it serves here (a notification for an attempt of another channel changes nothing: events.ts).
 */
export function paymentRouter(real: PaymentProvider[], sandbox: PaymentProvider | null, hostedWanted: readonly PaymentChannel[] = H5_PAYMENT_CHANNELS,
  assigned: ReadonlyMap<PaymentChannel, PaymentProvider> = new Map()): PaymentRouter {
  const claimed = new Map<PaymentChannel, PaymentProvider>(assigned);
  for (const p of real) {
    for (const c of p.channels) {
      if (assigned.has(c)) continue;
      const other = claimed.get(c);
      if (other) throw new Error(`Payment channel ${c} is claimed by both ${other.name} and ${p.name}; configure one of them`);
      claimed.set(c, p);
    }
  }
  if (sandbox) for (const c of PAYMENT_CHANNELS) if (!claimed.has(c)) claimed.set(c, sandbox);
  // Each provider as serving exactly its channels here (its own object underneath: its methods keep their state).
  const views = new Map<PaymentProvider, PaymentProvider>();
  for (const p of [...real, ...(sandbox ? [sandbox] : [])]) {
    const served = PAYMENT_CHANNELS.filter((c) => claimed.get(c) === p);
    views.set(p, Object.assign(Object.create(p) as PaymentProvider, { channels: served }));
  }
  const servedBy = new Map<PaymentChannel, PaymentProvider>([...claimed].map(([c, p]) => [c, views.get(p) ?? p]));
  const hosted = new Set<PaymentChannel>(H5_PAYMENT_CHANNELS);
  const offered = PAYMENT_CHANNELS.filter((c) => servedBy.has(c) && (!hosted.has(c) || hostedWanted.includes(c)));
  const providers = [...views.values()];

  const of = (attempt: PaymentAttempt): PaymentProvider => {
    const p = servedBy.get(attempt.channel);
    if (!p) throw new Error(`No payment provider serves ${attempt.channel} (attempt ${attempt.id}) in this configuration`);
    return p;
  };
  return {
    name: 'router',
    channels: offered,
    offered,
    currencyRefusal: (storeCurrency) => real.map((p) => p.currencyRefusal?.(storeCurrency) ?? null).find((r) => r !== null) ?? null,
    realProviders: real.map((p) => p.name),
    sandboxChannels: sandbox ? offered.filter((c) => claimed.get(c) === sandbox) : [],
    providerName: (channel) => servedBy.get(channel)?.name ?? '',
    byName: (name) => providers.find((p) => p.name === name),
    forNewPayment(channel) {
      if (!offered.includes(channel)) throw badRequest(`The payment channel ${channel} is not offered by this store`);
      return servedBy.get(channel) as PaymentProvider;
    },
    inAppByPage: (channel) => servedBy.get(channel)?.inAppByPage?.(channel) ?? false,
    payableUntilOf: (attempt, startedAt) => of(attempt).payableUntil?.(attempt, startedAt) ?? null,
    startHosted: (attempt, ctx) => of(attempt).startHosted(attempt, ctx),
    startWeChatInApp: (attempt, openId) => of(attempt).startWeChatInApp(attempt, openId),
    startAlipayTrade: (attempt, buyer) => of(attempt).startAlipayTrade(attempt, buyer),
    query: (attempt, clientReport) => of(attempt).query(attempt, clientReport),
    refund: (attempt, refund) => of(attempt).refund(attempt, refund),
    close: (attempt) => of(attempt).close(attempt),
    async open(ctx) {
      const stops: Array<() => void> = [];
      for (const p of real) if (p.open) stops.push(await p.open(ctx));
      return async () => stops.forEach((stop) => stop());
    },
  };
}
