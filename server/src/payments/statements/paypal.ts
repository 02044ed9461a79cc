/**
 * PayPal's statement of a day, read for reconciliation (payments/reconcile.ts): the Transaction Search API,
 * GET /v1/reporting/transactions (https://developer.paypal.com/docs/api/transaction-search/v1/ ; its transaction_info:
 * https://developer.paypal.com/api/transaction-search/v1/definitions/transaction_info), with an OAuth 2.0
 * client-credentials token (POST /v1/oauth2/token). start_date and end_date (RFC 3339 with an offset, at most 31 days
 * apart: one UTC day here), fields=transaction_info, page_size up to 500, page 1..total_pages. PayPal lists a
 * transaction up to three hours after it happened: the daily run reads a day at 10:30 UTC the next day.
 *
 * Each transaction_info, in the store's terms:
 * - a payment: event code T00xx (PayPal account-to-account payments; T0006 is PayPal Checkout) with a positive
 *   transaction_amount; invoice_id and custom_field are the store's attempt id (paypal.ts gives both to the order);
 *   fee_amount (negative: what PayPal kept) is the fee;
 * - a refund: T1107 (a refund the merchant initiated), a negative transaction_amount; paypal.ts gives each refund
 *   invoice_id = the store's refund id and custom_id = the attempt id; transaction_status D (denied) or V (reversed)
 *   is a refund that failed;
 * - anything else (holds, reversals and chargebacks T11xx/T12xx other than T1107, transfers, fees on their own) is not a
 *   line the store matches: disputes and reversals reach the store by PayPal's webhooks (payments/reversals.ts).
 * A transaction still pending (P) is not yet money: skipped.
 */
import { currencyDecimals } from '../../../../contract/constants.ts';
import { dayWindow, minorUnits, type StatementLine, type StatementSource } from '../reconcile.ts';
import type { PayPalConfig } from '../paypal.ts';

const REQUEST_TIMEOUT_MS = 30_000;
/** transaction_status: S success, D denied, V reversed, P pending (transaction_info's enumeration), in words for the report. */
const STATUS_WORDS: Record<string, string> = { S: 'SUCCESS', D: 'DENIED', V: 'REVERSED', P: 'PENDING' };
const PAGE_SIZE = 500;

interface Money { currency_code?: string; value?: string }
export interface TransactionInfo {
  transaction_id?: string;
  paypal_reference_id?: string;
  transaction_event_code?: string;
  transaction_initiation_date?: string;
  transaction_amount?: Money;
  fee_amount?: Money;
  transaction_status?: string;
  invoice_id?: string;
  custom_field?: string;
}

function minor(m: Money | undefined, what: string): { amount: number; currency: string } | null {
  if (!m?.currency_code || m.value === undefined) return null;
  const amount = minorUnits(m.value, currencyDecimals(m.currency_code));
  if (amount === null) throw new Error(`PayPal transaction search: ${what} '${String(m.value).slice(0, 40)}' is not an amount of ${m.currency_code}`);
  return { amount, currency: m.currency_code };
}

/** One page's transaction_details in the store's terms (pure). */
export function parseTransactions(details: { transaction_info?: TransactionInfo }[]): StatementLine[] {
  const out: StatementLine[] = [];
  for (const d of details) {
    const t = d.transaction_info ?? {};
    const code = t.transaction_event_code ?? '';
    const status = t.transaction_status ?? '';
    if (status === 'P') continue;
    const money = minor(t.transaction_amount, 'transaction_amount');
    if (!money || !t.transaction_id) continue;
    const fee = minor(t.fee_amount, 'fee_amount');
    const base = {
      providerRef: t.transaction_id, currency: money.currency, status: STATUS_WORDS[status] ?? status, at: t.transaction_initiation_date ?? '',
      // PayPal writes a fee it keeps as a negative amount: the store counts what was kept as positive.
      fee: fee ? -fee.amount : 0, feeCurrency: fee?.currency ?? money.currency,
    };
    if (/^T00\d\d$/.test(code) && money.amount > 0) {
      out.push({ ...base, kind: 'PAYMENT', attemptId: t.invoice_id || t.custom_field || null, refundId: null, amount: money.amount, failed: status === 'D' || status === 'V' });
    } else if (code === 'T1107') {
      out.push({
        ...base, kind: 'REFUND', attemptId: t.custom_field || null, refundId: t.invoice_id || null, amount: Math.abs(money.amount),
        failed: status === 'D' || status === 'V',
      });
    }
  }
  // A payment PayPal denied or reversed is no money of the store's: not a payment line.
  return out.filter((l) => !(l.kind === 'PAYMENT' && l.failed));
}

async function token(c: PayPalConfig): Promise<string> {
  const res = await fetch(`${c.baseUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = await res.json().catch(() => null) as { access_token?: string } | null;
  if (res.status !== 200 || !body?.access_token) throw new Error(`PayPal token ${res.status}`);
  return body.access_token;
}

/** Every transaction of `day` (YYYY-MM-DD, UTC), all pages. */
export async function fetchTransactions(c: PayPalConfig, day: string): Promise<StatementLine[]> {
  const { start, end } = dayWindow(day, 'Z');
  const bearer = await token(c);
  const lines: StatementLine[] = [];
  for (let page = 1; ; page++) {
    const q = new URLSearchParams({
      start_date: start.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      end_date: new Date(end.getTime() - 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      fields: 'transaction_info', page_size: String(PAGE_SIZE), page: String(page),
    });
    const res = await fetch(`${c.baseUrl}/v1/reporting/transactions?${q}`, {
      headers: { Authorization: `Bearer ${bearer}`, Accept: 'application/json' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await res.json().catch(() => null) as { transaction_details?: unknown; total_pages?: number; name?: string; message?: string } | null;
    if (res.status !== 200 || !body || !Array.isArray(body.transaction_details)) {
      throw new Error(`PayPal transaction search ${res.status} ${body?.name ?? ''}: ${String(body?.message ?? '').slice(0, 200)}`);
    }
    lines.push(...parseTransactions(body.transaction_details as { transaction_info?: TransactionInfo }[]));
    if (page >= (body.total_pages ?? 1)) return lines;
  }
}

/** PayPal's statement source: days in UTC. */
export function paypalStatements(c: PayPalConfig, name = 'paypal'): StatementSource {
  return { name, offset: 'Z', timeZone: 'UTC', fetch: (day) => fetchTransactions(c, day) };
}
