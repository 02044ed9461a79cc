/**
 * WeChat Pay's statement of a day (the trade bill), read for reconciliation (payments/reconcile.ts).
 *
 * - Domestic API (WECHATPAY_API=domestic): 申请交易账单 GET /v3/bill/tradebill?bill_date=YYYY-MM-DD&bill_type=ALL&tar_type=GZIP
 *   answers { hash_type: SHA1, hash_value, download_url } (a signed answer); the file is then downloaded from download_url
 *   with a request signed like any other (the download's answer carries no signature: the SHA1 of the unzipped file is
 *   checked against hash_value instead). Bills of the last three months; a day's bill from 10:00 Beijing time the next
 *   day. https://pay.weixin.qq.com/doc/v3/merchant/4012556654 ,
 *   https://pay.weixin.qq.com/docs/merchant/apis/in-app-payment/get-trade-bill.html
 * - Cross-border API (WECHATPAY_API=global): GET /v3/global/statements?date=YYYYMMDD&mchid=… answers the file itself;
 *   its integrity by the Wechatpay-Statement-Sha1 header, signed with the timestamp and nonce headers (the signature
 *   string: timestamp, nonce and the SHA1, each followed by \n). Bills of the last 180 days.
 *   https://pay.weixin.qq.com/wiki/doc/api_external/en/apis/chapter3_3_6.shtml ,
 *   https://pay.weixin.qq.com/wiki/doc/api/wxpay/ch/fusion_wallet_ch/H5Payment/chapter8_5.shtml
 * - The file (交易账单文件格式说明, https://pay.weixin.qq.com/docs/merchant/products/bill-download/format-trade.html): a
 *   header line of column names, detail lines whose every field starts with a backtick (`) so spreadsheets keep long
 *   numbers, then a summary header and one summary line. Amounts in yuan (major units). A payment line has 交易状态
 *   SUCCESS (dated by its payment), a refund line REFUND (dated by the refund's acceptance, its 退款状态 as of the bill:
 *   SUCCESS or PROCESSING, which WeChat Pay says to treat as done, or a failure such as ABNORMAL). Columns are read by
 *   their names (the domestic and the cross-border bill name them differently: 订单金额 / 订单金额(标价币种), 货币种类 /
 *   标价币种, and the cross-border fee is in 结算币种).
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { currencyDecimals } from '../../../../contract/constants.ts';
import { minorUnits, type StatementLine, type StatementSource } from '../reconcile.ts';
import { authorization, signatureProblem, type WeChatPaySettings } from '../wechatpay.ts';

const REQUEST_TIMEOUT_MS = 30_000;

/** One detail line's fields by column name. */
type Row = Record<string, string>;

/** The file's detail lines (fields without their backtick) and its summary (header and line); refuses a cut file. */
export function tradeBillRows(text: string): { rows: Row[]; summary: Row } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length < 3) throw new Error('the trade bill has no header, detail or summary');
  const names = (line: string) => line.split(',').map((n) => n.trim().replace(/（/g, '(').replace(/）/g, ')'));
  const fields = (line: string) => line.replace(/^`/, '').split(',`').map((f) => f.trim());
  const header = names(lines[0]);
  const rows: Row[] = [];
  let i = 1;
  for (; i < lines.length && lines[i].startsWith('`'); i++) {
    const f = fields(lines[i]);
    if (f.length !== header.length) throw new Error(`trade bill line ${i + 1} has ${f.length} fields, the header ${header.length}`);
    rows.push(Object.fromEntries(header.map((h, k) => [h, f[k]])));
  }
  const summaryHeader = lines[i] ? names(lines[i]) : [];
  const summaryLine = lines[i + 1]?.startsWith('`') ? fields(lines[i + 1]) : null;
  if (!summaryHeader.length || !summaryLine || summaryLine.length !== summaryHeader.length || i + 2 !== lines.length) {
    throw new Error('the trade bill does not end with its summary header and line (cut or not a trade bill)');
  }
  return { rows, summary: Object.fromEntries(summaryHeader.map((h, k) => [h, summaryLine[k]])) };
}

const col = (row: Row, ...names: string[]) => {
  for (const n of names) if (row[n] !== undefined && row[n] !== '') return row[n];
  return '';
};

function amountOf(value: string, currency: string, what: string): number {
  const n = minorUnits(value || '0', currencyDecimals(currency));
  if (n === null) throw new Error(`trade bill: ${what} '${value.slice(0, 40)}' is not an amount`);
  return n;
}

/** A trade bill's lines in the store's terms (pure): payments (SUCCESS) and refunds (REFUND); other lines are skipped. */
export function parseTradeBill(text: string): StatementLine[] {
  const { rows } = tradeBillRows(text);
  const out: StatementLine[] = [];
  for (const row of rows) {
    const state = col(row, '交易状态');
    if (state !== 'SUCCESS' && state !== 'REFUND') continue;
    const currency = col(row, '标价币种', '货币种类') || 'CNY';
    const feeCurrency = col(row, '结算币种') || currency;
    const fee = amountOf(col(row, '手续费'), feeCurrency, '手续费');
    const at = col(row, '交易时间');
    const attemptId = col(row, '商户订单号') || null;
    if (state === 'SUCCESS') {
      out.push({
        kind: 'PAYMENT', providerRef: col(row, '微信订单号'), attemptId, refundId: null,
        amount: amountOf(col(row, '订单金额(标价币种)', '订单金额'), currency, '订单金额'), currency, fee, feeCurrency, status: state, failed: false, at,
      });
    } else {
      const status = col(row, '退款状态');
      out.push({
        kind: 'REFUND', providerRef: col(row, '微信退款单号'), attemptId, refundId: col(row, '商户退款单号') || null,
        amount: amountOf(col(row, '申请退款金额', '退款金额'), currency, '申请退款金额'), currency, fee, feeCurrency, status,
        failed: status !== 'SUCCESS' && status !== 'PROCESSING',
        at,
      });
    }
  }
  return out;
}

const sha1 = (data: Buffer | string) => crypto.createHash('sha1').update(data).digest('hex');

async function signedGet(s: WeChatPaySettings, url: string): Promise<Response> {
  const u = new URL(url);
  const pathWithQuery = `${u.pathname}${u.search}`;
  return fetch(url, {
    headers: { Authorization: authorization(s, 'GET', pathWithQuery, ''), Accept: 'application/json', 'User-Agent': 'istore-server' },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

async function refusal(res: Response): Promise<Error> {
  const text = await res.text();
  let code = 'HTTP_ERROR';
  let message = text.slice(0, 200);
  try {
    const j = JSON.parse(text);
    code = String(j.code ?? code);
    message = String(j.message ?? message);
  } catch { /* not JSON */ }
  return new Error(`WeChat Pay ${res.status} ${code}: ${message}`);
}

/** Downloads and reads the bill of `day` (YYYY-MM-DD, Beijing time) on the merchant's API. */
export async function fetchTradeBill(s: WeChatPaySettings, day: string): Promise<StatementLine[]> {
  if (s.api === 'global') {
    const res = await signedGet(s, `${s.baseUrl}/v3/global/statements?date=${day.replace(/-/g, '')}&mchid=${s.mchId}`);
    if (res.status !== 200) throw await refusal(res);
    const body = Buffer.from(await res.arrayBuffer());
    const headers = Object.fromEntries(res.headers);
    const declared = headers['wechatpay-statement-sha1'] ?? '';
    const problem = signatureProblem(s, headers, declared);
    if (problem) throw new Error(`WeChat Pay statement refused: ${problem}`);
    if (declared.toLowerCase() !== sha1(body)) throw new Error('WeChat Pay statement refused: its SHA1 is not Wechatpay-Statement-Sha1 (cut or altered)');
    return parseTradeBill(body.toString('utf8'));
  }
  const res = await signedGet(s, `${s.baseUrl}/v3/bill/tradebill?bill_date=${day}&bill_type=ALL&tar_type=GZIP`);
  const text = await res.text();
  if (res.status !== 200) throw await refusal(new Response(text, { status: res.status }));
  const problem = signatureProblem(s, Object.fromEntries(res.headers), text);
  if (problem) throw new Error(`WeChat Pay answer refused: ${problem}`);
  const bill = JSON.parse(text) as { hash_type?: string; hash_value?: string; download_url?: string };
  if (bill.hash_type !== 'SHA1' || !bill.hash_value || !bill.download_url) throw new Error('WeChat Pay tradebill answer without download_url and its SHA1');
  // The download is a URL on WeChat Pay's API: signed like any request, sent only to the configured API origin.
  const url = new URL(bill.download_url);
  const file = await signedGet(s, `${s.baseUrl}${url.pathname}${url.search}`);
  if (file.status !== 200) throw await refusal(file);
  const raw = zlib.gunzipSync(Buffer.from(await file.arrayBuffer()));
  if (sha1(raw) !== bill.hash_value.toLowerCase()) throw new Error('WeChat Pay trade bill refused: its SHA1 is not hash_value (cut or altered)');
  return parseTradeBill(raw.toString('utf8'));
}

/** WeChat Pay's statement source: days in Beijing time. */
export function wechatPayStatements(s: WeChatPaySettings, name = 'wechatpay'): StatementSource {
  return { name, offset: '+08:00', timeZone: 'Asia/Shanghai', fetch: (day) => fetchTradeBill(s, day) };
}
