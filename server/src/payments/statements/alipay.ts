/**
 * Alipay's statement of a day, read for reconciliation (payments/reconcile.ts): alipay.data.dataservice.bill.downloadurl.query
 * (https://opendocs.alipay.com/apis/api_15/alipay.data.dataservice.bill.downloadurl.query: bill_type `trade`, the
 * business bill of trades made through the acquiring APIs; bill_date YYYY-MM-DD, a day's bill from the next day, 10:00
 * Beijing time) answers bill_download_url (a signed answer, checked by the SDK), valid 30 seconds; the file there is a
 * zip of CSV files in GBK (the Chinese Windows "ANSI" encoding): `<pid>_<yyyymmdd>_业务明细.csv`, the lines, and
 * `…_业务明细(汇总).csv`, the totals (https://opendocs.alipay.com/open/204/106262, 对账说明).
 *
 * The 业务明细 file: comment lines starting with `#` (title, account, the period), then a header line of column names
 * (支付宝交易号, 商户订单号, 业务类型, 商品名称, 创建时间, 完成时间, …, 订单金额（元）, 商家实收（元）, …, 退款批次号/请求号,
 * 服务费（元）, …), the lines (a field may end with a tab, which Alipay adds so spreadsheets keep long numbers as text),
 * and `#` lines again at the end (the totals, the export time). 业务类型 交易 is a payment (商户订单号 = the store's
 * attempt id), 退款 a refund (退款批次号/请求号 = the store's out_request_no, its refund id); amounts in yuan; 服务费 is what
 * Alipay kept (negative on a payment, returned on a refund). Only trades and refunds that happened are in it: a refund
 * Alipay did not make is not a line (it shows as missing at the provider). Columns are read by their names.
 *
 * Only the domestic API (ALIPAY_API=domestic, CNY) is reconciled: the bill states yuan, and a cross-border trade is in
 * its trans_currency; statements/index.ts lists the cross-border API as not reconciled.
 */
import zlib from 'node:zlib';
import { minorUnits, type StatementLine, type StatementSource } from '../reconcile.ts';
import { alipaySdk, beijingTimestamp, type AlipaySettings } from '../alipay.ts';

const REQUEST_TIMEOUT_MS = 30_000;

/** The files of a zip archive (stored or deflated; names in UTF-8 when flagged, else GBK), from its central directory. */
export function unzip(zip: Buffer): { name: string; data: Buffer }[] {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) { end = i; break; }
  }
  if (end < 0) throw new Error('not a zip archive (no end of central directory)');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files: { name: string; data: Buffer }[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('zip archive: a broken central directory');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const packedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const rawName = zip.subarray(at + 46, at + 46 + nameLength);
    const name = new TextDecoder(flags & 0x800 ? 'utf-8' : 'gbk').decode(rawName);
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`zip archive: no local header for ${name}`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const packed = zip.subarray(start, start + packedSize);
    const data = method === 0 ? Buffer.from(packed) : method === 8 ? zlib.inflateRawSync(packed) : null;
    if (!data) throw new Error(`zip archive: ${name} is packed with method ${method}`);
    if (data.length !== size || zlib.crc32(data) !== crc) throw new Error(`zip archive: ${name} does not match its checksum (cut or altered)`);
    files.push({ name, data });
    at += 46 + skip;
  }
  return files;
}

/** The 业务明细 file's lines by column name (pure; GBK already decoded). */
export function businessDetailRows(text: string): Record<string, string>[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const start = lines.findIndex((l) => l.trim() !== '' && !l.startsWith('#'));
  if (start < 0) throw new Error('the Alipay bill has no header line');
  const header = lines[start].split(',').map((h) => h.trim());
  if (!header.includes('商户订单号') || !header.includes('业务类型')) throw new Error('the Alipay bill\'s header has no 商户订单号 / 业务类型 (not a 业务明细 file)');
  const rows: Record<string, string>[] = [];
  let i = start + 1;
  for (; i < lines.length && !lines[i].startsWith('#'); i++) {
    if (lines[i].trim() === '') continue;
    const f = lines[i].split(',').map((v) => v.trim());
    if (f.length !== header.length) throw new Error(`Alipay bill line ${i + 1} has ${f.length} fields, the header ${header.length}`);
    rows.push(Object.fromEntries(header.map((h, k) => [h, f[k]])));
  }
  if (i >= lines.length) throw new Error('the Alipay bill does not end with its # summary lines (cut)');
  return rows;
}

const yuan = (value: string, what: string) => {
  const n = minorUnits(value || '0', 2);
  if (n === null) throw new Error(`Alipay bill: ${what} '${value.slice(0, 40)}' is not an amount`);
  return n;
};

/** A 业务明细 file's lines in the store's terms (pure): 交易 payments and 退款 refunds, in CNY. */
export function parseBusinessDetail(text: string): StatementLine[] {
  return businessDetailRows(text).flatMap((row): StatementLine[] => {
    const type = row['业务类型'];
    if (type !== '交易' && type !== '退款') return [];
    const common = {
      providerRef: row['支付宝交易号'], attemptId: row['商户订单号'] || null, currency: 'CNY', feeCurrency: 'CNY', at: row['完成时间'] || row['创建时间'] || '',
      amount: Math.abs(yuan(row['订单金额（元）'] ?? row['订单金额(元)'] ?? '', '订单金额')),
      // 服务费 is written as the money's movement for the merchant: kept on a payment (negative), returned on a refund.
      fee: -yuan(row['服务费（元）'] ?? row['服务费(元)'] ?? '0', '服务费'),
      status: 'SUCCESS', failed: false,
    };
    return type === '交易'
      ? [{ ...common, kind: 'PAYMENT', refundId: null }]
      : [{ ...common, kind: 'REFUND', providerRef: `${common.providerRef}/${row['退款批次号/请求号'] ?? ''}`, refundId: row['退款批次号/请求号'] || null }];
  });
}

/** Downloads and reads the `trade` bill of `day` (Beijing time). */
export async function fetchTradeBill(s: AlipaySettings, day: string): Promise<StatementLine[]> {
  const sdk = await alipaySdk(s)();
  const answer: any = await sdk.exec('alipay.data.dataservice.bill.downloadurl.query',
    { bizContent: { bill_type: 'trade', bill_date: day }, timestamp: beijingTimestamp() }, { validateSign: true });
  if (answer?.code !== '10000' || typeof answer.bill_download_url !== 'string') {
    throw new Error(`Alipay ${answer?.code ?? ''} ${answer?.sub_code ?? ''}: ${String(answer?.sub_msg ?? answer?.msg ?? 'no bill_download_url').slice(0, 200)}`);
  }
  const res = await fetch(answer.bill_download_url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (res.status !== 200) throw new Error(`Alipay bill download ${res.status}`);
  const files = unzip(Buffer.from(await res.arrayBuffer()));
  const detail = files.find((f) => f.name.endsWith('_业务明细.csv'));
  if (!detail) throw new Error(`the Alipay bill has no 业务明细 file (${files.map((f) => f.name).join(', ')})`);
  return parseBusinessDetail(new TextDecoder('gbk').decode(detail.data));
}

/** Alipay's statement source: days in Beijing time. */
export function alipayStatements(s: AlipaySettings, name = 'alipay'): StatementSource {
  return { name, offset: '+08:00', timeZone: 'Asia/Shanghai', fetch: (day) => fetchTradeBill(s, day) };
}
