/**
 * A PayPal REST API double for the tests: a local HTTP server answering as PayPal's documentation says, written from
 * that documentation (developer.paypal.com: "Authentication" / OAuth 2.0 client credentials, Orders v2 create / show /
 * capture, Payments v2 captures refund, "Idempotency" / PayPal-Request-Id, Webhooks "verify-webhook-signature" and the
 * webhook headers), not with PayPal's SDK: the SDK is the referee on the merchant's side (it validates every answer
 * against its own schemas), so the two sides are not the same code.
 *
 * What it checks: the merchant's client id and secret (Basic auth on /v1/oauth2/token), the Bearer token on every
 * call, the request bodies (intent, amounts in the currency's decimals, absolute return and cancel URLs), and
 * PayPal-Request-Id: required on a create with a payment source; a repeated id returns the first request's resource
 * as it is now (no second order, capture or refund); the same id for a different request is refused
 * (PAYPAL_REQUEST_ID_PREVIOUSLY_USED). Webhooks are signed with the double's own RSA key over
 * `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body, decimal>` (SHA256withRSA), and
 * /v1/notifications/verify-webhook-signature answers SUCCESS only for an event whose signature verifies for the
 * merchant's webhook id.
 *
 * What a test can make it do: approve or cancel an order as the buyer on PayPal's page, decline or hold a capture,
 * fail the next calls on a path with a 5xx (before or after doing the work), answer late (after doing the work), and
 * deliver a webhook once, twice, tampered, badly signed, or not at all.
 *
 * Disputes and money taken back, as PayPal raises them (webhook event names and resources:
 * https://developer.paypal.com/api/rest/webhooks/event-names/ ("Disputes" and "Payments" sections);
 * https://developer.paypal.com/docs/multiparty/disputes-chargebacks/webhooks (CUSTOMER.DISPUTE.CREATED / UPDATED /
 * RESOLVED); the dispute resource of the Disputes API v1, https://developer.paypal.com/api/customer-disputes/v1/
 * (dispute_id, disputed_transactions[] with seller_transaction_id, invoice_number and custom, reason, status,
 * dispute_amount, dispute_life_cycle_stage, dispute_channel, dispute_outcome.outcome_code / amount_refunded), also
 * answered at GET /v1/customer/disputes/{id}; the refund resource of Payments v2,
 * https://developer.paypal.com/docs/api/payments/v2/#refunds_get (custom_id, invoice_id,
 * seller_payable_breakdown.total_refunded_amount: the capture's refunds to date)): a test can have the seller refund
 * in PayPal's dashboard (PAYMENT.CAPTURE.REFUNDED, like a refund through the API), PayPal reverse a capture
 * (PAYMENT.CAPTURE.REVERSED, a chargeback; its resource is refund-shaped, as the event-names page lists it), and a
 * buyer open a dispute that PayPal updates and resolves with an outcome code.
 *
 * Transaction search (https://developer.paypal.com/docs/api/transaction-search/v1/, GET /v1/reporting/transactions;
 * transaction_info: https://developer.paypal.com/api/transaction-search/v1/definitions/transaction_info; event codes:
 * https://developer.paypal.com/docs/transaction-search/transaction-event-codes/): start_date and end_date required
 * (RFC 3339, at most 31 days apart), page_size 1..500, page; transaction_details[].transaction_info of the captures
 * (T0006, PayPal Checkout; fee_amount negative: FEE_PERCENT and FEE_FIXED of each capture) and refunds (T1107, amount
 * negative, paypal_reference_id the capture; the refund's own invoice_id and custom_id when the refund request gave
 * them) this double made in the range, with transaction_status S, or D for a refund a test failed
 * (failRefund: an eCheck refund PayPal could not complete); total_items and total_pages. The three hours PayPal may
 * take to list a transaction are not simulated.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { LoopbackDouble } from './loopback.ts';
import zlib from 'node:zlib';

/** PayPal's currency codes (developer.paypal.com/api/rest/reference/currency-codes) and their decimals. */
const CURRENCY_DECIMALS: Record<string, number> = {
  AUD: 2, BRL: 2, CAD: 2, CNY: 2, CZK: 2, DKK: 2, EUR: 2, HKD: 2, HUF: 0, ILS: 2, JPY: 0, MYR: 2, MXN: 2, TWD: 0,
  NZD: 2, NOK: 2, PHP: 2, PLN: 2, GBP: 2, SGD: 2, SEK: 2, CHF: 2, THB: 2, USD: 2,
};

export interface Money { currency_code: string; value: string }

export type CaptureOutcome = 'COMPLETED' | 'PENDING' | 'DECLINED' | 'INSTRUMENT_DECLINED';

interface Capture {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  orderId: string;
  refunded: number;
  create_time: string;
  update_time: string;
}

interface Refund {
  id: string;
  status: 'COMPLETED' | 'FAILED';
  /** The refund request's own custom_id and invoice_id, when it gave them. */
  custom_id?: string;
  invoice_id?: string;
  amount: Money;
  captureId: string;
  create_time: string;
  /** The capture's refunds to date once this one was made (minor units): seller_payable_breakdown.total_refunded_amount. */
  totalAfter: number;
  /** Made by the seller in PayPal's dashboard, not through the API. */
  dashboard?: boolean;
}

/** A buyer's dispute (Disputes API v1). */
export interface Dispute {
  dispute_id: string;
  orderId: string;
  captureId: string;
  reason: string;
  status: 'OPEN' | 'WAITING_FOR_BUYER_RESPONSE' | 'WAITING_FOR_SELLER_RESPONSE' | 'UNDER_REVIEW' | 'RESOLVED' | 'OTHER';
  stage: 'INQUIRY' | 'CHARGEBACK' | 'PRE_ARBITRATION' | 'ARBITRATION';
  channel: 'INTERNAL' | 'EXTERNAL';
  amount: Money;
  outcome?: { outcome_code: string; amount_refunded?: Money };
  create_time: string;
  update_time: string;
}

/** Outcome codes of a resolved dispute (Disputes API v1, dispute_outcome.outcome_code). */
export type DisputeOutcomeCode = 'RESOLVED_BUYER_FAVOUR' | 'RESOLVED_SELLER_FAVOUR' | 'RESOLVED_WITH_PAYOUT' | 'CANCELED_BY_BUYER' | 'ACCEPTED' | 'DENIED' | 'NONE';

export interface DoubleOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  description?: string;
  returnUrl: string;
  cancelUrl: string;
  captureOutcome: CaptureOutcome;
  capture?: Capture;
  payerId?: string;
  create_time: string;
}

export interface WebhookEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: Array<{ href: string; rel: string; method: string }>;
}

interface Fault { method?: string; path: RegExp; times: number; status?: number; phase: 'before' | 'after'; delayMs?: number }

export interface PayPalDoubleOptions {
  clientId?: string;
  clientSecret?: string;
  /** The id PayPal gives the store's webhook (PAYPAL_WEBHOOK_ID). */
  webhookId?: string;
  /** Where the store listens (its /api/istore/notify/paypal); deliver() posts there. */
  webhookUrl?: string;
  tokenLifetimeSeconds?: number;
}

export interface RequestRecord { method: string; path: string; requestId?: string; status: number }

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
/** This double's PayPal fee on a capture: 2.9% plus 0.30 (as PayPal's standard rate for PayPal Checkout). */
export const FEE_PERCENT = 2.9;
export const FEE_FIXED = 30;
const paypalId = (n = 17) => crypto.randomBytes(n).toString('hex').toUpperCase().slice(0, n);

class HttpFailure extends Error {
  constructor(readonly status: number, readonly body: unknown) {
    super(`HTTP ${status}`);
  }
}

/** PayPal's error body (developer.paypal.com/api/rest/responses: name, message, debug_id, details[], links[]). */
function failure(status: number, name: string, message: string, details: Array<{ field?: string; value?: string; issue: string; description: string }> = []) {
  return new HttpFailure(status, {
    name,
    message,
    debug_id: crypto.randomBytes(6).toString('hex'),
    details: details.map((d) => ({ location: 'body', ...d })),
    links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${details[0]?.issue ?? name}`, rel: 'information_link', method: 'GET' }],
  });
}
const invalidRequest = (field: string, issue: string, description: string) =>
  failure(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [{ field, issue, description }]);
const unprocessable = (issue: string, description: string, field?: string) =>
  failure(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', [{ field, issue, description }]);
const notFound = (issue = 'INVALID_RESOURCE_ID') =>
  failure(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [{ issue, description: 'Specified resource ID does not exist. Please check the resource ID and try again.' }]);

/** Minor units of a PayPal money value, checked against the currency's decimals as PayPal checks them. */
function minorUnits(money: unknown, field: string): { currency: string; units: number; decimals: number } {
  const m = money as Partial<Money> | undefined;
  if (!m || typeof m.currency_code !== 'string') throw invalidRequest(`${field}/currency_code`, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
  if (typeof m.value !== 'string') throw invalidRequest(`${field}/value`, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
  const decimals = CURRENCY_DECIMALS[m.currency_code];
  if (decimals === undefined) throw unprocessable('CURRENCY_NOT_SUPPORTED', 'Currency code is unsupported.', `${field}/currency_code`);
  const match = /^(\d{1,10})(?:\.(\d+))?$/.exec(m.value);
  if (!match) throw invalidRequest(`${field}/value`, 'INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.');
  if ((match[2]?.length ?? 0) > decimals) throw unprocessable('DECIMAL_PRECISION', 'If the currency supports decimals, only two decimal place precision is supported.', `${field}/value`);
  const units = Number(match[1]) * 10 ** decimals + Number((match[2] ?? '').padEnd(decimals, '0') || 0);
  if (units <= 0) throw unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.', `${field}/value`);
  return { currency: m.currency_code, units, decimals };
}

const valueOf = (units: number, currency: string) => {
  const d = CURRENCY_DECIMALS[currency];
  return d === 0 ? String(units) : `${Math.floor(units / 10 ** d)}.${String(units % 10 ** d).padStart(d, '0')}`;
};

const absoluteUrl = (v: unknown) => {
  try {
    return typeof v === 'string' && /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
};

export class PayPalDouble extends LoopbackDouble {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookId: string;
  webhookUrl: string;
  readonly orders = new Map<string, DoubleOrder>();
  readonly captures = new Map<string, Capture>();
  readonly refunds = new Map<string, Refund>();
  readonly disputes = new Map<string, Dispute>();
  /** Every event PayPal raised, in order (deliver() sends one to the store; one never delivered is a lost webhook). */
  readonly events: WebhookEvent[] = [];
  /** Every call the merchant made, in order. */
  readonly requests: RequestRecord[] = [];
  private readonly tokens = new Map<string, number>();
  private readonly tokenLifetime: number;
  /** Idempotency store: request id → what the first request was, and the resource it made. */
  private readonly requestIds = new Map<string, { fingerprint: string; replay: () => { status: number; body: unknown } }>();
  private readonly faults: Fault[] = [];
  private readonly keys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly certId = `CERT-${crypto.randomBytes(8).toString('hex')}`;

  constructor(opts: PayPalDoubleOptions = {}) {
    super();
    this.clientId = opts.clientId ?? `AcLient${crypto.randomBytes(12).toString('hex')}`;
    this.clientSecret = opts.clientSecret ?? `ESecret${crypto.randomBytes(16).toString('hex')}`;
    this.webhookId = opts.webhookId ?? paypalId(17);
    this.webhookUrl = opts.webhookUrl ?? '';
    this.tokenLifetime = opts.tokenLifetimeSeconds ?? 32_400;
  }

  // ---- what a test makes PayPal do ----

  /** The next `times` calls matching `path` (and `method`) fail with `status`: before the work (nothing done) or after it. */
  failNext(path: RegExp, opts: { status?: number; times?: number; method?: string; phase?: 'before' | 'after' } = {}) {
    this.faults.push({ path, method: opts.method, status: opts.status ?? 503, times: opts.times ?? 1, phase: opts.phase ?? 'before' });
  }

  /** The next `times` calls matching `path` are done at once but answered `ms` later (a merchant timing out meanwhile). */
  answerLate(path: RegExp, ms: number, opts: { times?: number; method?: string } = {}) {
    this.faults.push({ path, method: opts.method, times: opts.times ?? 1, phase: 'after', delayMs: ms });
  }

  /** Every access token issued so far stops working (as after its expiry). */
  revokeTokens() {
    this.tokens.clear();
  }

  /**
   * The buyer approves the order on PayPal's page; answers where PayPal sends the browser (return_url + token, PayerID).
   * `captureOutcome` (else the order's, COMPLETED unless a test set it) is what its capture will be.
   */
  approve(orderId: string, captureOutcome?: CaptureOutcome): string {
    const order = this.order(orderId);
    if (order.status !== 'PAYER_ACTION_REQUIRED') throw new Error(`order ${orderId} is ${order.status}, not waiting for the buyer`);
    order.status = 'APPROVED';
    order.payerId = paypalId(13);
    if (captureOutcome) order.captureOutcome = captureOutcome;
    this.raise('CHECKOUT.ORDER.APPROVED', 'checkout-order', `An order has been approved by buyer`, this.orderResource(order));
    return withQuery(order.returnUrl, { token: order.id, PayerID: order.payerId });
  }

  /** The buyer cancels on PayPal's page; answers where PayPal sends the browser (cancel_url + token). */
  cancel(orderId: string): string {
    const order = this.order(orderId);
    return withQuery(order.cancelUrl, { token: order.id });
  }

  /** A PENDING capture clears (or is denied) later: PayPal raises PAYMENT.CAPTURE.COMPLETED (or DENIED). */
  settlePendingCapture(orderId: string, outcome: 'COMPLETED' | 'DENIED' = 'COMPLETED') {
    const capture = this.order(orderId).capture;
    if (capture?.status !== 'PENDING') throw new Error(`order ${orderId} has no pending capture`);
    capture.status = outcome === 'COMPLETED' ? 'COMPLETED' : 'DECLINED';
    capture.update_time = now();
    this.raise(`PAYMENT.CAPTURE.${outcome}`, 'capture', `Payment ${outcome.toLowerCase()} for ${capture.amount.value} ${capture.amount.currency_code}`, this.captureResource(capture, true));
  }

  /** The seller refunds `units` (minor units; default: all that is left) of the order's capture in PayPal's dashboard. */
  refundInDashboard(orderId: string, units?: number): Refund {
    const capture = this.order(orderId).capture;
    if (!capture) throw new Error(`order ${orderId} has no capture`);
    const body = units === undefined ? {} : { amount: { currency_code: capture.amount.currency_code, value: valueOf(units, capture.amount.currency_code) } };
    this.refund(capture.id, body, true);
    return [...this.refunds.values()].at(-1) as Refund;
  }

  /**
   * PayPal takes the capture's money back (a chargeback, or a claim decided for the buyer): PAYMENT.CAPTURE.REVERSED,
   * its resource refund-shaped with the amount reversed (default: all that is not refunded).
   */
  reverse(orderId: string, units?: number): WebhookEvent {
    const capture = this.order(orderId).capture;
    if (!capture) throw new Error(`order ${orderId} has no capture`);
    const captured = minorUnits(capture.amount, 'capture');
    const amount = units ?? captured.units - capture.refunded;
    const id = paypalId(17);
    const money = { currency_code: capture.amount.currency_code, value: valueOf(amount, capture.amount.currency_code) };
    this.raise('PAYMENT.CAPTURE.REVERSED', 'refund', `A ${money.value} ${money.currency_code} capture payment was reversed`, {
      id,
      status: 'COMPLETED',
      amount: money,
      ...(capture.custom_id ? { custom_id: capture.custom_id } : {}),
      ...(capture.invoice_id ? { invoice_id: capture.invoice_id } : {}),
      note_to_payer: 'Payment reversed',
      seller_payable_breakdown: { gross_amount: money, paypal_fee: { currency_code: money.currency_code, value: valueOf(0, money.currency_code) }, net_amount: money },
      create_time: now(),
      update_time: now(),
      links: [
        { href: `${this.baseUrl}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${this.baseUrl}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    });
    return this.events.at(-1) as WebhookEvent;
  }

  /** The buyer disputes the order's capture (an inquiry on PayPal, or a chargeback from the card issuer): CUSTOMER.DISPUTE.CREATED. */
  openDispute(orderId: string, opts: { reason?: string; channel?: 'INTERNAL' | 'EXTERNAL'; units?: number } = {}): Dispute {
    const capture = this.order(orderId).capture;
    if (!capture) throw new Error(`order ${orderId} has no capture`);
    const channel = opts.channel ?? 'INTERNAL';
    const dispute: Dispute = {
      dispute_id: `PP-D-${Math.floor(10_000 + Math.random() * 89_999)}${paypalId(4)}`,
      orderId,
      captureId: capture.id,
      reason: opts.reason ?? 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      status: 'OPEN',
      stage: channel === 'EXTERNAL' ? 'CHARGEBACK' : 'INQUIRY',
      channel,
      amount: opts.units === undefined ? capture.amount : { currency_code: capture.amount.currency_code, value: valueOf(opts.units, capture.amount.currency_code) },
      create_time: now(),
      update_time: now(),
    };
    this.disputes.set(dispute.dispute_id, dispute);
    this.raise('CUSTOMER.DISPUTE.CREATED', 'dispute', `A new dispute opened with Case # ${dispute.dispute_id}`, this.disputeResource(dispute));
    return dispute;
  }

  /** PayPal updates a dispute (the buyer escalates it to a claim, it waits for the seller): CUSTOMER.DISPUTE.UPDATED. */
  updateDispute(disputeId: string, status: Dispute['status'] = 'WAITING_FOR_SELLER_RESPONSE', stage?: Dispute['stage']) {
    const dispute = this.dispute(disputeId);
    dispute.status = status;
    if (stage) dispute.stage = stage;
    dispute.update_time = now();
    this.raise('CUSTOMER.DISPUTE.UPDATED', 'dispute', `A dispute was updated with Case # ${dispute.dispute_id}`, this.disputeResource(dispute));
  }

  /** PayPal resolves a dispute with an outcome code: CUSTOMER.DISPUTE.RESOLVED (the money moves by its own events). */
  resolveDispute(disputeId: string, outcome: DisputeOutcomeCode) {
    const dispute = this.dispute(disputeId);
    dispute.status = 'RESOLVED';
    dispute.outcome = { outcome_code: outcome, ...(outcome === 'RESOLVED_BUYER_FAVOUR' || outcome === 'ACCEPTED' ? { amount_refunded: dispute.amount } : {}) };
    dispute.update_time = now();
    this.raise('CUSTOMER.DISPUTE.RESOLVED', 'dispute', `A dispute was resolved with Case # ${dispute.dispute_id}`, this.disputeResource(dispute));
  }

  dispute(disputeId: string): Dispute {
    const dispute = this.disputes.get(disputeId);
    if (!dispute) throw new Error(`PayPal has no dispute ${disputeId}`);
    return dispute;
  }

  /** The newest event of a type (for an order, when given). */
  lastEvent(type: string, orderId?: string): WebhookEvent {
    const event = [...this.events].reverse().find((e) => e.event_type === type &&
      (!orderId || e.resource.id === orderId || (e.resource as any).supplementary_data?.related_ids?.order_id === orderId ||
        (e.resource as any).disputed_transactions?.some((t: any) => t.seller_transaction_id === this.orders.get(orderId)?.capture?.id) ||
        (e.resource as any).links?.some((l: any) => l.rel === 'up' && l.href.endsWith(`/captures/${this.orders.get(orderId)?.capture?.id}`))));
    if (!event) throw new Error(`PayPal raised no ${type}${orderId ? ` for order ${orderId}` : ''}`);
    return event;
  }

  /** The headers and body PayPal posts for an event, signed for `webhookId` (another id: a signature the store must refuse). */
  signedWebhook(event: WebhookEvent, opts: { webhookId?: string; transmissionTime?: string } = {}) {
    const body = JSON.stringify(event);
    const transmissionId = crypto.randomUUID();
    const transmissionTime = opts.transmissionTime ?? new Date().toISOString();
    const signature = crypto.sign('sha256', Buffer.from(this.signedText(transmissionId, transmissionTime, opts.webhookId ?? this.webhookId, body)), this.keys.privateKey);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': transmissionTime,
        'paypal-transmission-sig': signature.toString('base64'),
        'paypal-cert-url': `${this.baseUrl}/v1/notifications/certs/${this.certId}`,
        'paypal-auth-algo': 'SHA256withRSA',
      } as Record<string, string>,
    };
  }

  /**
   * Posts an event to the store's webhook URL as PayPal does, `times` times (PayPal redelivers until it gets a 2xx);
   * `tamper` changes the body after signing, `badSignature` signs for another webhook id. Answers the store's replies.
   */
  async deliver(event: WebhookEvent, opts: { times?: number; tamper?: (body: string) => string; badSignature?: boolean } = {}) {
    if (!this.webhookUrl) throw new Error('the double has no webhookUrl to deliver to');
    const replies: Array<{ status: number; body: string }> = [];
    for (let i = 0; i < (opts.times ?? 1); i++) {
      const signed = this.signedWebhook(event, opts.badSignature ? { webhookId: paypalId(17) } : {});
      const res = await fetch(this.webhookUrl, { method: 'POST', headers: signed.headers, body: opts.tamper ? opts.tamper(signed.body) : signed.body });
      replies.push({ status: res.status, body: await res.text() });
    }
    return replies;
  }

  order(orderId: string): DoubleOrder {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`PayPal has no order ${orderId}`);
    return order;
  }

  // ---- the HTTP side ----

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://paypal.double');
    const method = req.method ?? 'GET';
    const requestId = header(req, 'paypal-request-id');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const fault = this.takeFault(method, url.pathname);
    let status: number;
    let body: unknown;
    let contentType = 'application/json';
    let location: string | undefined;
    if (fault?.status && fault.phase === 'before') {
      [status, body] = [fault.status, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.', debug_id: paypalId(12) }];
    } else {
      try {
        const answer = this.route(method, url, req, raw);
        [status, body] = [answer.status, answer.body];
        if (answer.contentType) contentType = answer.contentType;
        location = answer.location;
      } catch (e) {
        if (!(e instanceof HttpFailure)) throw e;
        [status, body] = [e.status, e.body];
      }
      if (fault?.status) [status, body] = [fault.status, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.', debug_id: paypalId(12) }];
      if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    }
    this.requests.push({ method, path: url.pathname, requestId, status });
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': contentType, 'paypal-debug-id': paypalId(12), ...(location ? { location } : {}) });
    res.end(typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body));
  }

  private takeFault(method: string, path: string): Fault | undefined {
    const i = this.faults.findIndex((f) => f.path.test(path) && (!f.method || f.method === method));
    if (i < 0) return undefined;
    const fault = this.faults[i];
    if (--fault.times <= 0) this.faults.splice(i, 1);
    return fault;
  }

  private route(method: string, url: URL, req: http.IncomingMessage, raw: string): { status: number; body: unknown; contentType?: string; location?: string } {
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/oauth2/token') return this.issueToken(req, raw);
    if (method === 'GET' && path === `/v1/notifications/certs/${this.certId}`) {
      return { status: 200, body: this.keys.publicKey.export({ type: 'spki', format: 'pem' }), contentType: 'application/x-pem-file' };
    }
    if (method === 'GET' && path.startsWith('/checkoutnow')) return this.buyerPage(path, url.searchParams.get('token') ?? '');
    this.authenticate(req);
    const prefer = header(req, 'prefer') === 'return=representation' ? 'representation' : 'minimal';
    const requestId = header(req, 'paypal-request-id');
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v2/checkout/orders') return this.idempotent(requestId, `create:${raw}`, () => this.createOrder(json(raw), requestId), prefer);
    if (method === 'GET' && (m = /^\/v2\/checkout\/orders\/([A-Z0-9]+)$/.exec(path))) {
      const order = this.orders.get(m[1]);
      if (!order) throw notFound();
      return { status: 200, body: this.orderResource(order) };
    }
    if (method === 'POST' && (m = /^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/.exec(path))) {
      const id = m[1];
      return this.idempotent(requestId, `capture:${id}`, () => this.capture(id), prefer);
    }
    if (method === 'POST' && (m = /^\/v2\/payments\/captures\/([A-Z0-9]+)\/refund$/.exec(path))) {
      const id = m[1];
      return this.idempotent(requestId, `refund:${id}:${raw}`, () => this.refund(id, raw ? json(raw) : {}), prefer);
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return { status: 200, body: this.verifyWebhook(json(raw)) };
    if (method === 'GET' && path === '/v1/reporting/transactions') return { status: 200, body: this.transactionSearch(url.searchParams) };
    if (method === 'GET' && (m = /^\/v1\/customer\/disputes\/([A-Za-z0-9-]+)$/.exec(path))) {
      const dispute = this.disputes.get(m[1]);
      if (!dispute) throw notFound();
      return { status: 200, body: this.disputeResource(dispute) };
    }
    throw notFound('INVALID_RESOURCE_ID');
  }

  /** PayPal's page for the buyer (the payer-action link): approve or cancel, then back to the store's return or cancel URL. */
  private buyerPage(path: string, token: string) {
    const order = this.orders.get(token);
    if (!order) return { status: 404, body: 'This checkout session has expired.', contentType: 'text/plain' };
    if (path === '/checkoutnow/approve' || path === '/checkoutnow/cancel') {
      const to = path.endsWith('approve') ? this.approve(token) : this.cancel(token);
      return { status: 302, body: '', contentType: 'text/plain', location: to };
    }
    const q = `token=${encodeURIComponent(token)}`;
    return {
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><title>PayPal double</title><p>Pay ${order.amount.value} ${order.amount.currency_code}</p>` +
        `<a id="paypal-approve" href="/checkoutnow/approve?${q}">Pay Now</a> <a id="paypal-cancel" href="/checkoutnow/cancel?${q}">Cancel</a>`,
    };
  }

  /** OAuth 2.0 client credentials: Basic client_id:secret, grant_type=client_credentials (form-encoded). */
  private issueToken(req: http.IncomingMessage, raw: string) {
    const auth = header(req, 'authorization') ?? '';
    const [id, secret] = Buffer.from(auth.replace(/^Basic /, ''), 'base64').toString('utf8').split(':');
    if (!auth.startsWith('Basic ') || id !== this.clientId || secret !== this.clientSecret) {
      throw new HttpFailure(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    if (!/^application\/x-www-form-urlencoded/.test(header(req, 'content-type') ?? '') || new URLSearchParams(raw).get('grant_type') !== 'client_credentials') {
      throw new HttpFailure(400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    const token = `A21AA${crypto.randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, Date.now() + this.tokenLifetime * 1000);
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/applications/webhooks',
        access_token: token,
        token_type: 'Bearer',
        app_id: `APP-${paypalId(17)}`,
        expires_in: this.tokenLifetime,
        nonce: `${now()}${crypto.randomBytes(8).toString('hex')}`,
      },
    };
  }

  private authenticate(req: http.IncomingMessage) {
    const token = (header(req, 'authorization') ?? '').replace(/^Bearer /, '');
    const expiry = this.tokens.get(token);
    if (!expiry || expiry < Date.now()) {
      throw new HttpFailure(401, {
        name: 'AUTHENTICATION_FAILURE',
        message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }],
      });
    }
  }

  /**
   * PayPal-Request-Id (developer.paypal.com "Idempotency"): a previously used id returns the latest status of what the
   * first request made; the same id for another request is refused.
   */
  private idempotent(requestId: string | undefined, fingerprint: string, work: () => { status: number; replay: () => unknown }, prefer: 'minimal' | 'representation') {
    const shape = (body: any) => prefer === 'minimal' ? { id: body.id, status: body.status, links: body.links } : body;
    if (requestId) {
      const seen = this.requestIds.get(requestId);
      if (seen) {
        if (seen.fingerprint !== fingerprint) throw unprocessable('PAYPAL_REQUEST_ID_PREVIOUSLY_USED', 'The PayPal-Request-Id has already been used for another request.');
        const again = seen.replay();
        return { status: again.status, body: shape(again.body) };
      }
    }
    const done = work();
    if (requestId) this.requestIds.set(requestId, { fingerprint, replay: () => ({ status: 200, body: done.replay() }) });
    return { status: done.status, body: shape(done.replay()) };
  }

  private createOrder(body: any, requestId: string | undefined) {
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') {
      throw invalidRequest('/intent', body.intent === undefined ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
    }
    if (body.intent !== 'CAPTURE') throw unprocessable('ACTION_NOT_SUPPORTED', 'This double takes intent CAPTURE only.', '/intent');
    const units = body.purchase_units;
    if (!Array.isArray(units) || units.length !== 1) throw invalidRequest('/purchase_units', 'INVALID_ARRAY_LENGTH', 'One purchase unit.');
    const unit = units[0];
    minorUnits(unit.amount, '/purchase_units/@reference_id==\'default\'/amount');
    for (const f of ['custom_id', 'invoice_id'] as const) {
      if (unit[f] !== undefined && (typeof unit[f] !== 'string' || unit[f].length > 127)) throw invalidRequest(`/purchase_units/0/${f}`, 'INVALID_STRING_MAX_LENGTH', 'The value of a field is too long.');
    }
    const context = body.payment_source?.paypal?.experience_context;
    if (!body.payment_source?.paypal) throw unprocessable('PAYMENT_SOURCE_INFO_CANNOT_BE_VERIFIED', 'This double takes payment_source.paypal only.', '/payment_source');
    if (!requestId) throw invalidRequest('PayPal-Request-Id', 'PAYPAL_REQUEST_ID_REQUIRED', 'A PayPal-Request-Id is required if you are trying to process payment for an Order.');
    for (const f of ['return_url', 'cancel_url'] as const) {
      if (!absoluteUrl(context?.[f])) throw invalidRequest(`/payment_source/paypal/experience_context/${f}`, 'INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.');
    }
    const order: DoubleOrder = {
      id: paypalId(17),
      status: 'PAYER_ACTION_REQUIRED',
      amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
      custom_id: unit.custom_id,
      invoice_id: unit.invoice_id,
      description: unit.description,
      returnUrl: context.return_url,
      cancelUrl: context.cancel_url,
      captureOutcome: 'COMPLETED',
      create_time: now(),
    };
    this.orders.set(order.id, order);
    return { status: 200, replay: () => this.orderResource(order) };
  }

  private capture(orderId: string) {
    const order = this.orders.get(orderId);
    if (!order) throw notFound();
    if (order.status === 'COMPLETED') throw unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured. If \'intent=CAPTURE\' only one capture per order is allowed.');
    if (order.status !== 'APPROVED') throw unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    if (order.captureOutcome === 'INSTRUMENT_DECLINED') {
      throw unprocessable('INSTRUMENT_DECLINED', 'The instrument presented was either declined by the processor or bank, or it can\'t be used for this payment.');
    }
    const capture: Capture = {
      id: paypalId(17),
      status: order.captureOutcome,
      amount: order.amount,
      custom_id: order.custom_id,
      invoice_id: order.invoice_id,
      orderId,
      refunded: 0,
      create_time: now(),
      update_time: now(),
    };
    order.capture = capture;
    order.status = 'COMPLETED';
    this.captures.set(capture.id, capture);
    const type = capture.status === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : capture.status === 'PENDING' ? 'PAYMENT.CAPTURE.PENDING' : 'PAYMENT.CAPTURE.DECLINED';
    this.raise(type, 'capture', `Payment ${capture.status.toLowerCase()} for ${capture.amount.value} ${capture.amount.currency_code}`, this.captureResource(capture, true));
    return { status: 201, replay: () => this.orderResource(order) };
  }

  private refund(captureId: string, body: any, dashboard = false) {
    const capture = this.captures.get(captureId);
    if (!capture) throw notFound();
    if (capture.status === 'REFUNDED') throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') throw unprocessable('REFUND_NOT_ALLOWED', `A ${capture.status} capture cannot be refunded.`);
    const captured = minorUnits(capture.amount, 'capture');
    const asked = body.amount === undefined ? { currency: captured.currency, units: captured.units - capture.refunded } : minorUnits(body.amount, '/amount');
    if (asked.currency !== captured.currency) throw unprocessable('CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.', '/amount/currency_code');
    if (asked.units > captured.units - capture.refunded) throw unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.', '/amount/value');
    capture.refunded += asked.units;
    capture.status = capture.refunded === captured.units ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.update_time = now();
    const refund: Refund = {
      id: paypalId(17), status: 'COMPLETED', amount: { currency_code: asked.currency, value: valueOf(asked.units, asked.currency) }, captureId,
      create_time: now(), totalAfter: capture.refunded, ...(dashboard ? { dashboard } : {}),
      ...(typeof body.custom_id === 'string' ? { custom_id: body.custom_id } : {}),
      ...(typeof body.invoice_id === 'string' ? { invoice_id: body.invoice_id } : {}),
    };
    this.refunds.set(refund.id, refund);
    this.raise('PAYMENT.CAPTURE.REFUNDED', 'refund', `A ${refund.amount.value} ${refund.amount.currency_code} capture payment was refunded`, this.refundResource(refund));
    return { status: 201, replay: () => this.refundResource(refund) };
  }

  /** /v1/notifications/verify-webhook-signature: SUCCESS only when the signature verifies for this webhook id and event. */
  private verifyWebhook(body: any) {
    for (const f of ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event']) {
      if (body[f] === undefined || body[f] === '') throw invalidRequest(`/${f}`, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
    }
    const verified = body.webhook_id === this.webhookId && body.auth_algo === 'SHA256withRSA' &&
      body.cert_url === `${this.baseUrl}/v1/notifications/certs/${this.certId}` &&
      crypto.verify('sha256', Buffer.from(this.signedText(body.transmission_id, body.transmission_time, body.webhook_id, JSON.stringify(body.webhook_event))),
        this.keys.publicKey, Buffer.from(String(body.transmission_sig), 'base64'));
    return { verification_status: verified ? 'SUCCESS' : 'FAILURE' };
  }

  private signedText(transmissionId: string, transmissionTime: string, webhookId: string, body: string) {
    return `${transmissionId}|${transmissionTime}|${webhookId}|${zlib.crc32(Buffer.from(body, 'utf8')) >>> 0}`;
  }

  private raise(type: string, resourceType: string, summary: string, resource: Record<string, unknown>) {
    const id = `WH-${paypalId(17)}-${paypalId(17)}`;
    this.events.push({
      id,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: type,
      summary,
      resource,
      links: [
        { href: `${this.baseUrl}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
        { href: `${this.baseUrl}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
      ],
    });
  }

  private orderResource(order: DoubleOrder): Record<string, unknown> {
    const self = `${this.baseUrl}/v2/checkout/orders/${order.id}`;
    const links = order.status === 'PAYER_ACTION_REQUIRED'
      ? [{ href: self, rel: 'self', method: 'GET' }, { href: `${this.baseUrl}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }]
      : order.status === 'APPROVED'
        ? [{ href: self, rel: 'self', method: 'GET' }, { href: self, rel: 'update', method: 'PATCH' }, { href: `${self}/capture`, rel: 'capture', method: 'POST' }]
        : [{ href: self, rel: 'self', method: 'GET' }];
    const payer = order.payerId ? { name: { given_name: 'John', surname: 'Doe' }, email_address: 'buyer@example.com', payer_id: order.payerId } : undefined;
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      payment_source: { paypal: payer ? { email_address: payer.email_address, account_id: payer.payer_id, account_status: 'VERIFIED', name: payer.name } : {} },
      purchase_units: [{
        reference_id: 'default',
        amount: order.amount,
        payee: { email_address: 'merchant@example.com', merchant_id: 'C7CYMKZDG8D6E' },
        ...(order.description ? { description: order.description } : {}),
        ...(order.custom_id ? { custom_id: order.custom_id } : {}),
        ...(order.invoice_id ? { invoice_id: order.invoice_id } : {}),
        ...(order.capture ? {
          payments: {
            captures: [this.captureResource(order.capture, false)],
            ...([...this.refunds.values()].some((r) => r.captureId === order.capture?.id)
              ? { refunds: [...this.refunds.values()].filter((r) => r.captureId === order.capture?.id).map((r) => this.refundResource(r)) }
              : {}),
          },
        } : {}),
      }],
      ...(payer ? { payer } : {}),
      create_time: order.create_time,
      links,
    };
  }

  private captureResource(capture: Capture, withOrder: boolean): Record<string, unknown> {
    const self = `${this.baseUrl}/v2/payments/captures/${capture.id}`;
    return {
      id: capture.id,
      status: capture.status,
      ...(capture.status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: capture.amount,
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      ...(capture.custom_id ? { custom_id: capture.custom_id } : {}),
      ...(capture.invoice_id ? { invoice_id: capture.invoice_id } : {}),
      ...(withOrder ? { supplementary_data: { related_ids: { order_id: capture.orderId } } } : {}),
      create_time: capture.create_time,
      update_time: capture.update_time,
      links: [
        { href: self, rel: 'self', method: 'GET' },
        { href: `${self}/refund`, rel: 'refund', method: 'POST' },
        { href: `${this.baseUrl}/v2/checkout/orders/${capture.orderId}`, rel: 'up', method: 'GET' },
      ],
    };
  }

  /** A dispute as the Disputes API v1 shows it, and as CUSTOMER.DISPUTE.* webhooks carry it. */
  private disputeResource(d: Dispute): Record<string, unknown> {
    const capture = this.captures.get(d.captureId);
    return {
      dispute_id: d.dispute_id,
      create_time: d.create_time,
      update_time: d.update_time,
      disputed_transactions: [{
        seller_transaction_id: d.captureId,
        create_time: capture?.create_time,
        transaction_status: 'COMPLETED',
        gross_amount: capture?.amount,
        ...(capture?.invoice_id ? { invoice_number: capture.invoice_id } : {}),
        ...(capture?.custom_id ? { custom: capture.custom_id } : {}),
        seller: { merchant_id: 'C7CYMKZDG8D6E' },
      }],
      reason: d.reason,
      status: d.status,
      dispute_amount: d.amount,
      ...(d.outcome ? { dispute_outcome: d.outcome } : {}),
      dispute_life_cycle_stage: d.stage,
      dispute_channel: d.channel,
      links: [{ href: `${this.baseUrl}/v1/customer/disputes/${d.dispute_id}`, rel: 'self', method: 'GET' }],
    };
  }

  /** A refund PayPal accepted fails after all (an eCheck refund it could not complete): its transaction shows D. */
  failRefund(refundId: string) {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`no refund ${refundId}`);
    refund.status = 'FAILED';
  }

  /** The fee this double's PayPal keeps on a capture: FEE_PERCENT of it plus FEE_FIXED minor units. */
  static feeOf(units: number) {
    return Math.round(units * FEE_PERCENT / 100) + FEE_FIXED;
  }

  private transactionSearch(q: URLSearchParams) {
    const date = (name: string) => {
      const v = q.get(name) ?? '';
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(v)) throw invalidRequest(`/${name}`, 'INVALID_REQUEST', `${name} is required, RFC 3339 with an offset`);
      return new Date(v).getTime();
    };
    const from = date('start_date');
    const to = date('end_date');
    if (to < from || to - from > 31 * 86_400_000) throw invalidRequest('/end_date', 'INVALID_REQUEST', 'The date range must be at most 31 days');
    const pageSize = Number(q.get('page_size') ?? 100);
    const page = Number(q.get('page') ?? 1);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 500 || !Number.isInteger(page) || page < 1) throw invalidRequest('/page_size', 'INVALID_REQUEST', 'page_size 1..500, page from 1');
    const inRange = (t: string) => Date.parse(t) >= from && Date.parse(t) <= to;
    const money = (units: number, currency: string) => ({ currency_code: currency, value: units < 0 ? `-${valueOf(-units, currency)}` : valueOf(units, currency) });
    const rows: { time: string; info: Record<string, unknown> }[] = [];
    for (const c of this.captures.values()) {
      if (c.status === 'PENDING' || c.status === 'DECLINED' || !inRange(c.create_time)) continue;
      const { units, currency } = minorUnits(c.amount, 'capture');
      rows.push({ time: c.create_time, info: {
        transaction_id: c.id, transaction_event_code: 'T0006', transaction_initiation_date: c.create_time, transaction_updated_date: c.update_time,
        transaction_amount: c.amount, fee_amount: money(-PayPalDouble.feeOf(units), currency), transaction_status: 'S',
        ...(c.invoice_id ? { invoice_id: c.invoice_id } : {}), ...(c.custom_id ? { custom_field: c.custom_id } : {}),
      } });
    }
    for (const r of this.refunds.values()) {
      if (!inRange(r.create_time)) continue;
      const { units, currency } = minorUnits(r.amount, 'refund');
      const invoice = r.invoice_id ?? this.captures.get(r.captureId)?.invoice_id;
      const custom = r.custom_id ?? this.captures.get(r.captureId)?.custom_id;
      rows.push({ time: r.create_time, info: {
        transaction_id: r.id, paypal_reference_id: r.captureId, paypal_reference_id_type: 'TXN', transaction_event_code: 'T1107',
        transaction_initiation_date: r.create_time, transaction_updated_date: r.create_time, transaction_amount: money(-units, currency),
        transaction_status: r.status === 'FAILED' ? 'D' : 'S', ...(invoice ? { invoice_id: invoice } : {}), ...(custom ? { custom_field: custom } : {}),
      } });
    }
    rows.sort((a, b) => a.time.localeCompare(b.time));
    const totalPages = Math.max(1, Math.ceil(rows.length / pageSize));
    return {
      transaction_details: rows.slice((page - 1) * pageSize, page * pageSize).map((r) => ({ transaction_info: r.info })),
      account_number: 'DOUBLEACCOUNT', start_date: q.get('start_date'), end_date: q.get('end_date'),
      last_refreshed_datetime: now(), page, total_items: rows.length, total_pages: totalPages,
      links: [{ href: `${this.baseUrl}/v1/reporting/transactions?page=${page}`, rel: 'self', method: 'GET' }],
    };
  }

  private refundResource(refund: Refund): Record<string, unknown> {
    const capture = this.captures.get(refund.captureId);
    const currency = refund.amount.currency_code;
    return {
      id: refund.id,
      status: refund.status,
      amount: refund.amount,
      ...(refund.custom_id ?? capture?.custom_id ? { custom_id: refund.custom_id ?? capture?.custom_id } : {}),
      ...(refund.invoice_id ?? capture?.invoice_id ? { invoice_id: refund.invoice_id ?? capture?.invoice_id } : {}),
      seller_payable_breakdown: {
        gross_amount: refund.amount,
        paypal_fee: { currency_code: currency, value: valueOf(0, currency) },
        net_amount: refund.amount,
        total_refunded_amount: { currency_code: currency, value: valueOf(refund.totalAfter, currency) },
      },
      create_time: refund.create_time,
      update_time: refund.create_time,
      links: [
        { href: `${this.baseUrl}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
        { href: `${this.baseUrl}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
      ],
    };
  }
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function json(raw: string): any {
  try {
    const v = JSON.parse(raw);
    if (v && typeof v === 'object') return v;
  } catch { /* answered below */ }
  throw invalidRequest('/', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
}

function withQuery(url: string, params: Record<string, string>) {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

export async function startPayPalDouble(opts: PayPalDoubleOptions = {}): Promise<PayPalDouble> {
  return new PayPalDouble(opts).start();
}
