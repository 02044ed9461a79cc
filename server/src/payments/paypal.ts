/**
 * PayPal (channel PAYPAL): Orders v2 with intent CAPTURE, through PayPal's own server SDK (@paypal/paypal-server-sdk).
 *
 * - start: POST /v2/checkout/orders for the attempt's amount in the attempt's currency (the order's own; PayPal shows
 *   any conversion in its wallet), custom_id and invoice_id = the attempt id, PayPal-Request-Id `<attempt>-create`; the
 *   shopper is sent to the order's payer-action link and comes back to the store's return URL (PayPal adds
 *   `token=<PayPal order id>&PayerID=…`). The PayPal order id is the attempt's provider reference.
 * - query (the status check on the shopper's return, and the sync worker): GET the order; an APPROVED order is
 *   captured here, on the server, with PayPal-Request-Id `<attempt>-capture` (so two instances or a retry after a
 *   timeout capture once); a completed capture is PAID with PayPal's amount and currency (the store checks them
 *   against the attempt); a declined one FAILED; a pending one (PayPal reviewing) stays pending until its webhook.
 * - notification: PayPal's webhook (PAYMENT.CAPTURE.COMPLETED / DENIED / DECLINED), verified by PayPal's
 *   /v1/notifications/verify-webhook-signature for PAYPAL_WEBHOOK_ID before anything is read from it. The same
 *   verified webhook carries PayPal's word on money already taken (moneyBackOf, applied by payments/reversals.ts):
 *   CUSTOMER.DISPUTE.CREATED / UPDATED / RESOLVED, PAYMENT.CAPTURE.REVERSED and PAYMENT.CAPTURE.REFUNDED.
 * - refund: POST /v2/payments/captures/{capture}/refund with PayPal-Request-Id = the store's refund id (also its invoice_id;
 *   custom_id = the attempt id: what PayPal's transaction search shows of it, for reconciliation).
 * - close: nothing to call. Orders v2 has no cancel for an uncaptured CAPTURE order: a voided attempt is never queried
 *   again, so its PayPal order is never captured (an approval by the buyer moves no money) and expires at PayPal.
 * Every PayPal failure is a PayPalFailure (HTTP 502 for a shopper's request; logged and retried by the workers).
 */
import type { Client, ClientCredentialsAuthManager, OAuthToken, Order, OrdersController, PaymentsController } from '@paypal/paypal-server-sdk';
import { currencyDecimals } from '../../../contract/constants.ts';
import { ApiError } from '../lib/errors.ts';
import { readNotificationJson } from './notificationJson.ts';
import { providerOrigin, requiredSet } from './providerConfig.ts';
import {
  NotificationRefused,
  type MoneyBackEvent,
  type NotificationEvent,
  type PaymentAttempt,
  type PaymentProvider,
  type ProviderStatus,
} from './provider.ts';

export const PAYPAL_LIVE = 'https://api-m.paypal.com';
export const PAYPAL_SANDBOX = 'https://api-m.sandbox.paypal.com';

/** PayPal's currencies (developer.paypal.com/api/rest/reference/currency-codes) and the decimals PayPal takes for each. */
const PAYPAL_DECIMALS: Record<string, number> = {
  AUD: 2, BRL: 2, CAD: 2, CNY: 2, CZK: 2, DKK: 2, EUR: 2, HKD: 2, HUF: 0, ILS: 2, JPY: 0, MYR: 2, MXN: 2, TWD: 0,
  NZD: 2, NOK: 2, PHP: 2, PLN: 2, GBP: 2, SGD: 2, SEK: 2, CHF: 2, THB: 2, USD: 2,
};

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** PAYPAL_BASE_URL: PayPal's live API unless set (its sandbox, or a test double on this machine). */
  baseUrl: string;
  /** Per call to PayPal (a status check waits on it). */
  timeoutMs?: number;
}

/** PayPal refused or could not be reached. `issue` is PayPal's error issue (INSTRUMENT_DECLINED, ...) when it gave one. */
export class PayPalFailure extends ApiError {
  constructor(readonly operation: string, readonly httpStatus: number | null, readonly issue: string | null, detail: string) {
    super(502, `PayPal could not ${operation}: ${detail}`);
  }
}

/**
 * The decimal string PayPal takes for `amount` minor units of `currency` (the store's minor units: spec §3). Throws a
 * 409 for a currency PayPal does not take, or an amount PayPal cannot express (HUF and TWD have no decimals there).
 */
export function toPayPalValue(amount: number, currency: string): string {
  const storeDecimals = currencyDecimals(currency);
  const decimals = PAYPAL_DECIMALS[currency];
  if (decimals === undefined) throw new ApiError(409, `PayPal does not take payments in ${currency}`);
  if (!Number.isInteger(amount) || amount <= 0) throw new ApiError(409, `Cannot ask PayPal for ${amount} minor units`);
  const drop = storeDecimals - decimals;
  if (drop < 0) throw new ApiError(409, `PayPal takes ${currency} with ${decimals} decimals; the store keeps ${storeDecimals}`);
  if (amount % 10 ** drop !== 0) throw new ApiError(409, `PayPal takes ${currency} in whole units only`);
  const units = amount / 10 ** drop;
  if (decimals === 0) return String(units);
  return `${Math.floor(units / 10 ** decimals)}.${String(units % 10 ** decimals).padStart(decimals, '0')}`;
}

/** Minor units (the store's) of a money value PayPal sent; null when it is not a well-formed amount of that currency. */
export function fromPayPalValue(value: string, currency: string): number | null {
  const storeDecimals = currencyDecimals(currency);
  const decimals = PAYPAL_DECIMALS[currency];
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(value);
  if (decimals === undefined || !m || (m[2]?.length ?? 0) > decimals || decimals > storeDecimals) return null;
  const units = Number(m[1]) * 10 ** decimals + Number((m[2] ?? '').padEnd(decimals, '0') || 0);
  return units * 10 ** (storeDecimals - decimals);
}

/**
 * PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID (and PAYPAL_BASE_URL): null when none of the three is set;
 * a partial or malformed set stops the start with a message naming the variable.
 */
export function paypalConfigFromEnv(env: NodeJS.ProcessEnv): PayPalConfig | null {
  const set = requiredSet(env, 'PayPal', ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID']);
  if (!set) return null;
  const { PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret, PAYPAL_WEBHOOK_ID: webhookId } = set;
  if (!/^[A-Za-z0-9_-]{10,128}$/.test(clientId)) throw new Error('PAYPAL_CLIENT_ID is not a PayPal REST app client id (letters, digits, - and _)');
  if (/\s/.test(clientSecret) || clientSecret.length < 10) throw new Error('PAYPAL_CLIENT_SECRET is not a PayPal REST app secret');
  if (!/^[A-Za-z0-9]{1,50}$/.test(webhookId)) throw new Error('PAYPAL_WEBHOOK_ID is not a PayPal webhook id (letters and digits)');
  return { clientId, clientSecret, webhookId, baseUrl: providerOrigin(env, 'PAYPAL_BASE_URL', PAYPAL_LIVE) };
}

type PayPalSdk = typeof import('@paypal/paypal-server-sdk');
let loadedSdk: PayPalSdk | undefined;
/**
 * PayPal's SDK, loaded by the first call that needs it: loading it costs about a second of CPU, which every process of
 * a shop without PayPal (and every test process but PayPal's) would otherwise pay at start.
 */
async function paypalSdk(): Promise<PayPalSdk> {
  return (loadedSdk ??= await import('@paypal/paypal-server-sdk'));
}

/** The SDK knows PayPal's two hosts only; any other base (a double) gets the SDK's requests re-addressed to it. */
function sdkTransport({ Environment }: PayPalSdk, baseUrl: string) {
  if (baseUrl === PAYPAL_LIVE) return { environment: Environment.Production };
  if (baseUrl === PAYPAL_SANDBOX) return { environment: Environment.Sandbox };
  const rebased: typeof fetch = (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    return fetch(new Request(`${baseUrl}${url.pathname}${url.search}`, request));
  };
  return { environment: Environment.Sandbox, unstable_httpClientOptions: { adapter: 'fetch', env: { fetch: rebased } } };
}

/** The SDK's controllers, once paypalSdk() has loaded it. */
interface PayPalApi {
  orders(): OrdersController;
  payments(): PaymentsController;
  /** A Bearer token for the calls the SDK does not make (webhook verification). */
  token(): Promise<string>;
  /** After a 401: the next call fetches a new token. */
  forgetToken(): void;
}

/**
 * The SDK client with one cached OAuth token (client credentials, refreshed a minute before it expires). A failed
 * token request leaves the SDK's client unusable (it keeps the rejected promise), so the client is rebuilt after one.
 */
function paypalApi(config: PayPalConfig): PayPalApi {
  let token: OAuthToken | undefined;
  let pending: Promise<OAuthToken> | undefined;
  let client: Client | undefined;
  const clockSkew = 60;
  const fresh = async (manager: ClientCredentialsAuthManager): Promise<OAuthToken> => {
    if (token && (token.expiry === undefined || Number(token.expiry) - clockSkew > Date.now() / 1000)) return token;
    pending ??= manager.fetchToken().then(
      (t) => { token = t; return t; },
      (e) => { client = undefined; throw e; },
    ).finally(() => { pending = undefined; });
    return pending;
  };
  const sdk = () => client ??= new (loadedSdk as PayPalSdk).Client({
    ...sdkTransport(loadedSdk as PayPalSdk, config.baseUrl),
    timeout: config.timeoutMs ?? 15_000,
    clientCredentialsAuthCredentials: {
      oAuthClientId: config.clientId,
      oAuthClientSecret: config.clientSecret,
      oAuthToken: token,
      oAuthClockSkew: clockSkew,
      oAuthTokenProvider: (_last, manager) => fresh(manager),
    },
  });
  return {
    orders: () => new (loadedSdk as PayPalSdk).OrdersController(sdk()),
    payments: () => new (loadedSdk as PayPalSdk).PaymentsController(sdk()),
    token: async () => {
      await paypalSdk();
      return (await fresh(sdk().clientCredentialsAuthManager)).accessToken;
    },
    forgetToken() {
      token = undefined;
      client = undefined;
    },
  };
}

/** PayPal-Request-Id of the order's creation and of its capture: one of each per attempt, whoever asks. */
export const createRequestId = (attemptId: string) => `${attemptId}-create`;
export const captureRequestId = (attemptId: string) => `${attemptId}-capture`;

/** Capture states in which the money was taken (refunds change COMPLETED into the other two). */
const CAPTURED = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);
/** Issues of a capture call that end the attempt: the buyer's money cannot be taken on this PayPal order. */
const CAPTURE_REFUSALS = new Set(['INSTRUMENT_DECLINED', 'PAYER_ACTION_REQUIRED', 'TRANSACTION_REFUSED', 'PAYER_CANNOT_PAY',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED', 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING', 'ORDER_EXPIRED', 'COMPLIANCE_VIOLATION']);

export function paypalProvider(config: PayPalConfig): PaymentProvider {
  const api = paypalApi(config);
  const certHosts = new Set(['api.paypal.com', 'api-m.paypal.com', 'api.sandbox.paypal.com', 'api-m.sandbox.paypal.com', new URL(config.baseUrl).host]);

  /**
   * Runs one SDK call; any failure becomes a PayPalFailure. A 401 (the token was revoked or expired early) drops the
   * token and the call is made once more with a new one: every call is a read or carries its PayPal-Request-Id.
   */
  async function call<T>(operation: string, run: (sdk: PayPalSdk) => Promise<{ result: T }>, retried = false): Promise<T> {
    const sdk = await paypalSdk();
    try {
      return (await run(sdk)).result;
    } catch (e) {
      if (e instanceof sdk.ApiError) {
        if (e.statusCode === 401) {
          api.forgetToken();
          if (!retried) return call(operation, run, true);
        }
        const body = (e.result ?? {}) as { name?: string; message?: string; debug_id?: string; details?: Array<{ issue?: string }>; error?: string };
        const issue = body.details?.[0]?.issue ?? body.name ?? body.error ?? null;
        throw new PayPalFailure(operation, e.statusCode, issue, `HTTP ${e.statusCode} ${[body.name ?? body.error, issue !== body.name ? issue : null].filter(Boolean).join(' ')}${body.debug_id ? ` (debug id ${body.debug_id})` : ''}`.trim());
      }
      throw new PayPalFailure(operation, null, null, String((e as Error)?.message ?? e));
    }
  }

  const money = (amount: number, currency: string) => ({ currencyCode: currency, value: toPayPalValue(amount, currency) });

  /** What PayPal holds for the attempt's capture, in the store's units. */
  function captureStatus(order: Order, attempt: PaymentAttempt): ProviderStatus {
    const unit = order.purchaseUnits?.[0];
    if (unit?.customId !== undefined && unit.customId !== attempt.id) {
      throw new PayPalFailure('read the order', null, null, `PayPal order ${order.id} belongs to attempt ${unit.customId}, not ${attempt.id}`);
    }
    const capture = unit?.payments?.captures?.[0];
    if (!capture?.status) return { outcome: null };
    if (CAPTURED.has(capture.status)) {
      const currency = capture.amount?.currencyCode ?? '';
      const amount = capture.amount ? fromPayPalValue(capture.amount.value, currency) : null;
      if (amount === null) throw new PayPalFailure('read the capture', null, null, `unreadable amount ${JSON.stringify(capture.amount)}`);
      return { outcome: 'PAID', amount, currency };
    }
    if (capture.status === 'DECLINED' || capture.status === 'FAILED') return { outcome: 'FAILED' };
    return { outcome: null };
  }

  async function getOrder(attempt: PaymentAttempt): Promise<Order> {
    return call('read the order', () => api.orders().getOrder({ id: attempt.providerRef as string }));
  }

  return {
    name: 'paypal',
    channels: ['PAYPAL'],

    async startHosted(attempt, ctx) {
      // The return URL is relative when the storefront is this server (no returnUrlInfo): PayPal needs it absolute.
      const back = new URL(attempt.returnUrl, ctx.origin).toString();
      const order = await call('create the order', (sdk) => api.orders().createOrder({
        paypalRequestId: createRequestId(attempt.id),
        body: {
          intent: sdk.CheckoutPaymentIntent.Capture,
          purchaseUnits: [{
            amount: money(attempt.amount, attempt.currency),
            customId: attempt.id,
            invoiceId: attempt.id,
            description: attempt.purpose === 'ORDER' ? `Order ${attempt.orderID}` : 'Store credit top-up',
          }],
          paymentSource: {
            paypal: {
              experienceContext: {
                returnUrl: back,
                cancelUrl: back,
                userAction: sdk.PaypalExperienceUserAction.PayNow,
                shippingPreference: sdk.PaypalWalletContextShippingPreference.NoShipping,
              },
            },
          },
        },
      }));
      const approve = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
      if (!order.id || !approve) throw new PayPalFailure('create the order', null, null, `no approval link in ${JSON.stringify(order.links ?? [])}`);
      return { redirectUrl: approve.href, providerRef: order.id };
    },

    async startWeChatInApp() {
      throw new ApiError(400, 'PayPal does not take WeChat payments');
    },
    async startAlipayTrade() {
      throw new ApiError(400, 'PayPal does not take Alipay payments');
    },

    async query(attempt) {
      // No reference: the order was never created at PayPal (its creation failed), so nothing can have been paid.
      if (!attempt.providerRef) return { outcome: null };
      const order = await getOrder(attempt);
      if (order.status === 'VOIDED') return { outcome: 'FAILED' };
      if (order.status === 'COMPLETED') return captureStatus(order, attempt);
      if (order.status !== 'APPROVED') return { outcome: null };
      try {
        const captured = await call('capture the payment', () => api.orders().captureOrder({
          id: order.id as string,
          paypalRequestId: captureRequestId(attempt.id),
          prefer: 'return=representation',
        }));
        return captureStatus(captured, attempt);
      } catch (e) {
        if (!(e instanceof PayPalFailure) || e.httpStatus !== 422) throw e;
        if (e.issue === 'ORDER_ALREADY_CAPTURED') return captureStatus(await getOrder(attempt), attempt);
        if (e.issue && CAPTURE_REFUSALS.has(e.issue)) return { outcome: 'FAILED' };
        throw e;
      }
    },

    async refund(attempt, { refundId, amount }) {
      if (!attempt.providerRef) throw new PayPalFailure('refund', null, null, `attempt ${attempt.id} has no PayPal order`);
      const order = await getOrder(attempt);
      const capture = order.purchaseUnits?.[0]?.payments?.captures?.find((c) => c.status && CAPTURED.has(c.status));
      if (!capture?.id) throw new PayPalFailure('refund', null, null, `PayPal order ${attempt.providerRef} has no completed capture`);
      const refund = await call('refund', () => api.payments().refundCapturedPayment({
        captureId: capture.id as string,
        paypalRequestId: refundId,
        // custom_id and invoice_id name the attempt and the store's refund in PayPal's transaction search (statements/paypal.ts).
        body: { amount: money(amount, attempt.currency), customId: attempt.id, invoiceId: refundId, noteToPayer: attempt.purpose === 'ORDER' ? `Refund for order ${attempt.orderID}` : 'Store credit refund' },
      }));
      // PENDING: PayPal accepted it and completes it on its side (e.g. an eCheck capture); FAILED/CANCELLED: not sent.
      if (refund.status !== 'COMPLETED' && refund.status !== 'PENDING') {
        throw new PayPalFailure('refund', null, refund.status ?? null, `refund ${refund.id} is ${refund.status}`);
      }
    },

    async close() {
      // Nothing to call: see the header. The attempt is VOID in the store, so it is never captured.
    },

    async notification({ headers, rawBody, firstSeen }) {
      const h = (name: string) => headers[name] ?? '';
      let event: { event_type?: string; resource?: Record<string, any> };
      try {
        event = readNotificationJson(rawBody) as typeof event;
      } catch {
        throw new NotificationRefused('PayPal webhook: the body is not JSON', refusal('not JSON'));
      }
      const fields = {
        auth_algo: h('paypal-auth-algo'),
        cert_url: h('paypal-cert-url'),
        transmission_id: h('paypal-transmission-id'),
        transmission_sig: h('paypal-transmission-sig'),
        transmission_time: h('paypal-transmission-time'),
        webhook_id: config.webhookId,
      };
      const absent = Object.entries(fields).filter(([, v]) => !v).map(([k]) => k);
      if (absent.length) throw new NotificationRefused(`PayPal webhook without ${absent.join(', ')}`, refusal('unsigned'));
      // Checked before PayPal is asked, so a flood of made-up webhooks costs no call to PayPal: PayPal signs with
      // SHA256withRSA and a certificate on its own API host (or, for a test double, on PAYPAL_BASE_URL's host).
      if (fields.auth_algo !== 'SHA256withRSA' || !certHosts.has(hostOf(fields.cert_url))) {
        throw new NotificationRefused(`PayPal webhook signed with ${fields.auth_algo} by ${hostOf(fields.cert_url) || 'no host'}`, refusal('signature'));
      }
      if (!(await verified(fields, rawBody))) throw new NotificationRefused('PayPal webhook: signature not verified by PayPal', refusal('signature'));
      // The same transmission twice is a replay (PayPal's redeliveries of an event are new transmissions, applied once).
      if (!(await firstSeen(`transmission:${fields.transmission_id}`))) throw new NotificationRefused('PayPal webhook: transmission replayed', refusal('replayed'));
      return { events: eventsOf(event), moneyBack: moneyBackOf(event), reply: { status: 200, contentType: 'application/json', body: '{}' } };
    },
  };

  /**
   * PayPal's own check (POST /v1/notifications/verify-webhook-signature). The event goes back byte for byte as it
   * came: the signature covers a CRC32 of those bytes, which a parse and re-serialisation could change.
   */
  async function verified(fields: Record<string, string>, rawBody: string, retried = false): Promise<boolean> {
    const body = `{${Object.entries(fields).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')},"webhook_event":${rawBody}}`;
    let res: Response;
    try {
      res = await fetch(`${config.baseUrl}/v1/notifications/verify-webhook-signature`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await api.token()}` },
        body,
        signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
      });
    } catch (e) {
      throw new PayPalFailure('verify the webhook', null, null, String((e as Error)?.message ?? e));
    }
    const answer = await res.json().catch(() => null) as { verification_status?: string } | null;
    if (res.status === 401) {
      api.forgetToken();
      if (!retried) return verified(fields, rawBody, true);
    }
    // Not a verdict (PayPal down, token refused): an error, so the webhook is answered 5xx and PayPal delivers it again.
    if (!res.ok || !answer?.verification_status) throw new PayPalFailure('verify the webhook', res.status, null, `HTTP ${res.status}`);
    return answer.verification_status === 'SUCCESS';
  }
}

const hostOf = (url: string) => {
  try {
    return new URL(url).protocol === 'https:' || /^http:\/\/(127\.|localhost|\[::1\])/.test(url) ? new URL(url).host : '';
  } catch {
    return '';
  }
};

const refusal = (reason: string) => ({ status: 400, contentType: 'application/json', body: JSON.stringify({ refused: reason }) });

/**
 * The attempts a verified webhook settles: a capture completed (PAID) or denied / declined (FAILED), named by the
 * custom_id the store gave the order. Other events (the buyer's approval, refunds, ...) settle nothing: an approved
 * order is captured by the next status check or sync, never from a webhook (the attempt may have been voided since).
 */
export function eventsOf(event: { event_type?: string; resource?: Record<string, any> }): NotificationEvent[] {
  const outcome = event.event_type === 'PAYMENT.CAPTURE.COMPLETED' ? 'PAID'
    : event.event_type === 'PAYMENT.CAPTURE.DENIED' || event.event_type === 'PAYMENT.CAPTURE.DECLINED' ? 'FAILED'
    : null;
  const r = event.resource;
  if (!outcome || typeof r?.custom_id !== 'string' || typeof r.amount?.currency_code !== 'string' || typeof r.amount?.value !== 'string') return [];
  const currency = r.amount.currency_code;
  const amount = fromPayPalValue(r.amount.value, currency);
  return amount === null ? [] : [{ attemptId: r.custom_id, outcome, amount, currency }];
}

/** A PayPal money value ({ currency_code, value }; a reversal's may carry a minus sign) in the store's minor units, or null. */
function moneyOf(m: unknown): { amount: number; currency: string } | null {
  const v = m as { currency_code?: unknown; value?: unknown } | undefined;
  if (typeof v?.currency_code !== 'string' || typeof v.value !== 'string') return null;
  const amount = fromPayPalValue(v.value.replace(/^-/, ''), v.currency_code);
  return amount === null ? null : { amount, currency: v.currency_code };
}

/** How PayPal's dispute outcome codes (Disputes API v1, dispute_outcome.outcome_code) end for the store's money. */
const SELLER_OUTCOMES = new Set(['RESOLVED_SELLER_FAVOUR', 'CANCELED_BY_BUYER', 'DENIED', 'RESOLVED_WITH_PAYOUT']);
const BUYER_OUTCOMES = new Set(['RESOLVED_BUYER_FAVOUR', 'ACCEPTED']);

/**
 * PayPal's word on money already taken, named by the custom_id (or invoice id) the store gave the payment: the
 * attempt id (developer.paypal.com/api/rest/webhooks/event-names/; the dispute resource of the Disputes API v1,
 * developer.paypal.com/api/customer-disputes/v1/, names its payments in disputed_transactions[] with `custom` and
 * `invoice_number`).
 * - CUSTOMER.DISPUTE.CREATED / UPDATED: a dispute open (status, reason, dispute_amount); RESOLVED (or a resource whose
 *   status is RESOLVED): its dispute_outcome.outcome_code, the seller's or the buyer's.
 * - PAYMENT.CAPTURE.REVERSED: PayPal took the money back (a chargeback): the amount reversed.
 * - PAYMENT.CAPTURE.REFUNDED: a refund of the capture (the store's own, or one made in PayPal's dashboard), with
 *   seller_payable_breakdown.total_refunded_amount, the capture's refunds so far (what tells the two apart).
 * Anything unreadable is left out (the webhook is still acknowledged: PayPal's word on it is not lost, it is logged).
 */
export function moneyBackOf(event: { event_type?: string; resource?: Record<string, any> }): MoneyBackEvent[] {
  const r = event.resource;
  const type = event.event_type ?? '';
  if (!r) return [];
  if (type === 'PAYMENT.CAPTURE.REFUNDED' || type === 'PAYMENT.CAPTURE.REVERSED') {
    const attemptId = typeof r.custom_id === 'string' ? r.custom_id : typeof r.invoice_id === 'string' ? r.invoice_id : null;
    const money = moneyOf(r.amount);
    if (!attemptId || !money || typeof r.id !== 'string') return [];
    if (type === 'PAYMENT.CAPTURE.REVERSED') return [{ kind: 'REVERSAL', attemptId, id: r.id, ...money }];
    const total = moneyOf(r.seller_payable_breakdown?.total_refunded_amount);
    return [{ kind: 'REFUND', attemptId, id: r.id, ...money, totalRefunded: total && total.currency === money.currency ? total.amount : null }];
  }
  if (!type.startsWith('CUSTOMER.DISPUTE.') || typeof r.dispute_id !== 'string') return [];
  const resolved = type === 'CUSTOMER.DISPUTE.RESOLVED' || r.status === 'RESOLVED';
  const code = typeof r.dispute_outcome?.outcome_code === 'string' ? r.dispute_outcome.outcome_code : '';
  const money = moneyOf(r.dispute_amount);
  const transactions: any[] = Array.isArray(r.disputed_transactions) ? r.disputed_transactions : [];
  return transactions.flatMap((t): MoneyBackEvent[] => {
    const attemptId = typeof t?.custom === 'string' ? t.custom : typeof t?.invoice_number === 'string' ? t.invoice_number : null;
    if (!attemptId) return [];
    return [{
      kind: 'DISPUTE', attemptId, disputeId: r.dispute_id, status: typeof r.status === 'string' ? r.status : resolved ? 'RESOLVED' : 'OPEN',
      reason: typeof r.reason === 'string' ? r.reason : '', amount: money?.amount ?? null, currency: money?.currency ?? null,
      outcome: !resolved ? null : SELLER_OUTCOMES.has(code) ? 'SELLER' : BUYER_OUTCOMES.has(code) ? 'BUYER' : 'OTHER', outcomeCode: code,
    }];
  });
}

/** The provider when PAYPAL_* are set (server/README.md "PayPal"), else null. */
export function paypalFromEnv(env: NodeJS.ProcessEnv): PaymentProvider | null {
  const config = paypalConfigFromEnv(env);
  return config ? paypalProvider(config) : null;
}
