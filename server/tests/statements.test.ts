/**
 * The statement readers (payments/statements/) and the reconciliation's pure rules (payments/reconcile.ts), table-tested
 * on files written as the providers' pages show them: WeChat Pay's trade bill (domestic ALL and cross-border columns,
 * backtick-prefixed fields, summary lines), the day boundaries, amounts in major units, and matching lines to the store.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dayWindow, exitCodeOf, isDay, matchStatement, minorUnits, yesterdayIn, type StatementLine, type StoreView } from '../src/payments/reconcile.ts';
import { parseTradeBill, tradeBillRows } from '../src/payments/statements/wechatpay.ts';
import { refundIdOf } from '../src/services/refunds.ts';

const DOMESTIC_HEADER = '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';
const SUMMARY = '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额\r\n`3,`123.45,`23.45,`0.00,`0.60,`123.45,`23.45';
const row = (fields: string[]) => fields.map((f) => `\`${f}`).join(',');
const pay = row(['2026-12-01 10:00:01', 'wx1', '1900000109', '0', '', '4200001', 'attemptA', 'oUser', 'NATIVE', 'SUCCESS', 'CMC', 'CNY', '123.45', '0.00', '0', '0', '0.00', '0.00', '', '', 'Tea, green, 2 boxes', '', '0.74', '0.60%', '123.45', '0.00', '']);
const refund = row(['2026-12-01 11:00:00', 'wx1', '1900000109', '0', '', '4200001', 'attemptA', 'oUser', 'NATIVE', 'REFUND', 'CMC', 'CNY', '0.00', '0.00', '5030001', 'rf_a', '23.45', '0.00', 'ORIGINAL', 'ABNORMAL', 'Tea', '', '-0.14', '0.60%', '123.45', '23.45', '']);
const processing = refund.replace('`ABNORMAL', '`PROCESSING').replace('`5030001', '`5030002').replace('`rf_a', '`rf_b');
const revoked = pay.replace('`SUCCESS', '`REVOKED');

describe('WeChat Pay trade bill', () => {
  const cases: [name: string, text: string, expect: Partial<StatementLine>[] | RegExp][] = [
    ['domestic ALL: a payment (a comma inside a field) and refunds, ABNORMAL failed, PROCESSING done; REVOKED skipped',
      `\uFEFF${DOMESTIC_HEADER}\r\n${pay}\r\n${refund}\r\n${processing}\r\n${revoked}\r\n${SUMMARY}\r\n`, [
        { kind: 'PAYMENT', providerRef: '4200001', attemptId: 'attemptA', refundId: null, amount: 12_345, currency: 'CNY', fee: 74, status: 'SUCCESS', failed: false, at: '2026-12-01 10:00:01' },
        { kind: 'REFUND', providerRef: '5030001', attemptId: 'attemptA', refundId: 'rf_a', amount: 2_345, currency: 'CNY', fee: -14, status: 'ABNORMAL', failed: true },
        { kind: 'REFUND', providerRef: '5030002', refundId: 'rf_b', status: 'PROCESSING', failed: false },
      ]],
    ['cross-border: the listed currency and amount, the fee in the settlement currency',
      ['交易时间,公众账号ID,商户号,子商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,充值券币种,充值券金额,优惠券币种,优惠券金额,微信退款单号,商户退款单号,退款类型,退款状态,商品名称,商户数据包,手续费,费率,标价币种,订单金额(标价币种),用户支付币种,用户支付金额,结算币种,应结订单金额,支付汇率,退款汇率,申请退款金额,用户退款币种,用户退款金额,退款结算币种,退款应结订单金额,充值券退款金额,优惠券退款金额',
        row(['2026-12-01 10:00:01', 'wx1', '1900000109', '', '', '4200009', 'attemptJ', 'o', 'JSAPI', 'SUCCESS', 'OTHERS', 'JPY', '0', 'JPY', '0', '0', '0', '', '', 'x', '', '0.12', '0.60%', 'JPY', '1500', 'CNY', '72.00', 'USD', '10.00', '480000000', '', '0', 'CNY', '0', 'USD', '0', '0', '0']),
        SUMMARY, ''].join('\n'),
      [{ kind: 'PAYMENT', attemptId: 'attemptJ', amount: 1500, currency: 'JPY', fee: 12, feeCurrency: 'USD' }]],
    ['an empty day: header and summary only', `${DOMESTIC_HEADER}\r\n${SUMMARY}\r\n`, []],
    ['cut before its summary', `${DOMESTIC_HEADER}\r\n${pay}\r\n${refund}\r\n`, /does not end with its summary/],
    ['a line with a field missing', `${DOMESTIC_HEADER}\r\n${pay.replace(',`CMC', '')}\r\n${SUMMARY}`, /line 2 has 26 fields, the header 27/],
    ['not an amount', `${DOMESTIC_HEADER}\r\n${pay.replace('`0.74', '`0.7x')}\r\n${SUMMARY}`, /手续费 '0\.7x' is not an amount/],
    ['an error answer is not a bill', '{"code":"NO_STATEMENT_EXIST","message":"账单不存在"}', /no header, detail or summary/],
  ];
  for (const [name, text, expect] of cases) {
    test(name, () => {
      if (expect instanceof RegExp) return assert.throws(() => parseTradeBill(text), expect);
      const lines = parseTradeBill(text);
      assert.equal(lines.length, expect.length);
      expect.forEach((e, i) => assert.deepEqual(Object.fromEntries(Object.keys(e).map((k) => [k, (lines[i] as any)[k]])), e));
    });
  }
  test('the summary is read by its names', () => {
    assert.equal(tradeBillRows(`${DOMESTIC_HEADER}\r\n${pay}\r\n${SUMMARY}`).summary['手续费总金额'], '0.60');
  });
});

describe('days and amounts', () => {
  test('yesterday in the statement\'s zone, and the UTC instants of its day', () => {
    const at = new Date('2026-12-02T17:30:00Z'); // 01:30 on the 3rd in Beijing
    assert.equal(yesterdayIn('+08:00', at), '2026-12-02');
    assert.equal(yesterdayIn('Z', at), '2026-12-01');
    assert.equal(yesterdayIn('-05:00', new Date('2026-12-02T03:00:00Z')), '2026-11-30');
    assert.deepEqual(dayWindow('2026-12-02', '+08:00'), { start: new Date('2026-12-01T16:00:00Z'), end: new Date('2026-12-02T16:00:00Z') });
  });
  test('days', () => {
    for (const [d, ok] of [['2026-12-02', true], ['2024-02-29', true], ['2026-02-29', false], ['2026-13-01', false], ['20261202', false], ['', false]] as const) {
      assert.equal(isDay(d), ok, d);
    }
  });
  test('minor units from major', () => {
    for (const [v, d, n] of [['12.30', 2, 1230], ['12.3', 2, 1230], ['-0.14', 2, -14], ['1500', 0, 1500], ['0.001', 2, null], ['1,000.00', 2, null], ['', 2, null], ['12.300', 2, 1230]] as const) {
      assert.equal(minorUnits(v, d), n, v);
    }
  });
  test('exit codes: 1 when a run could not be made, else 2 for discrepancies, else 0', () => {
    assert.equal(exitCodeOf([{ outcome: 'MATCHED' }, { outcome: 'NOT_RECONCILED' }]), 0);
    assert.equal(exitCodeOf([{ outcome: 'MATCHED' }, { outcome: 'DISCREPANCIES' }]), 2);
    assert.equal(exitCodeOf([{ outcome: 'FAILED' }, { outcome: 'DISCREPANCIES' }]), 1);
  });
});

describe('matching a statement to the store', () => {
  const line = (l: Partial<StatementLine>): StatementLine => ({
    kind: 'PAYMENT', providerRef: 'T', attemptId: 'a1', refundId: null, amount: 1000, currency: 'CNY', fee: 0, feeCurrency: 'CNY', status: 'SUCCESS', failed: false, at: '', ...l,
  });
  const attempt = (id: string, status: string, amount = 1000, currency = 'CNY') => [id, { id, status, amount, currency, orderId: 7, channel: 'NATIVE_WECHAT_H5' }] as const;
  const store = (v: Partial<StoreView>): StoreView => ({ attempts: new Map(), refunds: new Map(), paidInDay: [], refundsInDay: [], ...v });
  const kinds = (m: ReturnType<typeof matchStatement>) => m.findings.map((f) => `${f.kind}/${f.action}/${f.ref}`);

  test('a paid attempt matches; a pending one is to apply; an unknown one is flagged', () => {
    const m = matchStatement([line({ providerRef: 'T1', attemptId: 'a1' }), line({ providerRef: 'T2', attemptId: 'a2' }), line({ providerRef: 'T3', attemptId: 'zz' })],
      store({ attempts: new Map([attempt('a1', 'PAID'), attempt('a2', 'VOID')]) }));
    assert.equal(m.matched, 1);
    assert.deepEqual(m.toApply.map((a) => a.attemptId), ['a2']);
    assert.deepEqual(kinds(m), ['MISSING_AT_STORE/FLAGGED/T3']);
  });
  test('amount and currency differ (never applied); a fee is noted and summed', () => {
    const m = matchStatement([line({ providerRef: 'T1', amount: 900, fee: 6 }), line({ providerRef: 'T2', attemptId: 'a2', currency: 'USD', fee: 3 })],
      store({ attempts: new Map([attempt('a1', 'PENDING'), attempt('a2', 'PAID')]) }));
    assert.deepEqual(kinds(m), ['FEE/NOTED/T1', 'AMOUNT_DIFFERS/FLAGGED/T1', 'FEE/NOTED/T2', 'CURRENCY_DIFFERS/FLAGGED/T2']);
    assert.deepEqual(m.fees, { CNY: 9 });
    assert.deepEqual(m.toApply, []);
  });
  test('refunds: the store\'s matched, a failed one recorded once (not over the store\'s own word), a stray return matched, one never made flagged', () => {
    const refunds = new Map([
      ['rf_1', { id: 'rf_1', attemptId: 'a1', online: 300, currency: 'CNY', orderId: 7, status: 'DONE', providerOutcome: null }],
      ['rf_2', { id: 'rf_2', attemptId: 'a1', online: 200, currency: 'CNY', orderId: 7, status: 'DONE', providerOutcome: null }],
      ['rf_3', { id: 'rf_3', attemptId: 'a1', online: 100, currency: 'CNY', orderId: 7, status: 'DONE', providerOutcome: 'SUCCESS' }],
    ]);
    const stray = refundIdOf('stray-payment:a9');
    const m = matchStatement([
      line({ kind: 'REFUND', providerRef: 'R1', refundId: 'rf_1', amount: 300, status: 'SUCCESS' }),
      line({ kind: 'REFUND', providerRef: 'R2', refundId: 'rf_2', amount: 200, status: 'ABNORMAL', failed: true }),
      line({ kind: 'REFUND', providerRef: 'R3', refundId: 'rf_3', amount: 100, status: 'ABNORMAL', failed: true }),
      line({ kind: 'REFUND', providerRef: 'R9', attemptId: 'a9', refundId: stray, amount: 1000 }),
      line({ kind: 'REFUND', providerRef: 'R4', refundId: 'dashboard', amount: 50 }),
    ], store({ attempts: new Map([attempt('a1', 'PAID'), attempt('a9', 'REFUNDED')]), refunds }));
    assert.equal(m.matched, 2);
    assert.deepEqual(m.toRecord, [{ refundId: 'rf_2', status: 'ABNORMAL' }]);
    assert.deepEqual(kinds(m), ['REFUND_STUCK/RECORDED/R2', 'REFUND_STUCK/FLAGGED/R3', 'MISSING_AT_STORE/FLAGGED/R4']);
    assert.match(m.findings[1].detail, /the provider's later word: SUCCESS/);
  });
  test('the store\'s side of the day missing at the provider', () => {
    const m = matchStatement([line({})], store({
      attempts: new Map([attempt('a1', 'PAID')]),
      paidInDay: [{ id: 'a1', amount: 1000, currency: 'CNY', orderId: 7 }, { id: 'a5', amount: 500, currency: 'CNY', orderId: 8 }],
      refundsInDay: [{ id: 'rf_5', attemptId: 'a1', online: 100, currency: 'CNY', orderId: 7 }],
    }));
    assert.deepEqual(kinds(m), ['MISSING_AT_PROVIDER/FLAGGED/a5', 'MISSING_AT_PROVIDER/FLAGGED/rf_5']);
  });
});
