/**
 * The sandbox's hosted payment page: what a shopper sees at the provider. Pay and Fail send the provider's
 * notification (POST .../{id}/pay|fail); Abandon sends nothing, like a shopper who closes the provider's page —
 * the order stays Pending and the attempt can still be paid later from this page.
 * It speaks the shopper's language (the session's, as the store answers them: lib/session.ts visitorLocale) and names
 * the payment method the shopper chose, not the processor's channel code (issue 29 m-16). Every text it can show is
 * its own, in that language: an unknown payment is a page of its own (404), and a refused or unanswered button shows
 * the page's text for the answer's status, never the server's message.
 */
import { formatMoney } from '../lib/money.ts';
import type { Locale } from '../../../contract/constants.ts';
import { CHANNEL_METHODS } from '../../../shared/hostedChannels.ts';
import { PAYMENT_METHOD_NAMES } from '../../../shared/paymentMethods.ts';
import type { StoredAttempt } from './storedAttempt.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const TEXT = {
  en: {
    htmlLang: 'en',
    mark: 'SANDBOX: test payment, no money moves',
    heading: 'Payment sandbox',
    payPalHeading: 'PayPal sandbox checkout',
    order: 'Order',
    deposit: 'Store credit top-up',
    pay: 'Pay',
    fail: 'Fail',
    abandon: 'Abandon',
    paid: 'This payment is already paid.',
    failed: 'This payment has already failed.',
    closed: 'This payment is already closed.',
    refunding: 'This payment came after its order had closed: it is being refunded.',
    unknown: 'This payment is unknown.',
    unknownAction: 'Unknown sandbox action.',
    stale: 'This page is out of date: reload it and try again.',
    tryAgain: 'The payment sandbox could not do that just now: try again.',
    back: 'Return to the store',
    methodsJoin: ' / ',
  },
  zh: {
    htmlLang: 'zh-CN',
    mark: '沙盒：测试付款，不会真实扣款',
    heading: '支付沙盒',
    payPalHeading: 'PayPal 贝宝沙盒付款',
    order: '订单',
    deposit: '储值充值',
    pay: '支付',
    fail: '模拟失败',
    abandon: '放弃支付',
    paid: '此笔付款已支付。',
    failed: '此笔付款已失败。',
    closed: '此笔付款已关闭。',
    refunding: '此笔付款到账时订单已关闭，款项将退回。',
    unknown: '找不到这笔付款。',
    unknownAction: '未知的沙盒操作。',
    stale: '此页面已过期，请刷新后重试。',
    tryAgain: '支付沙盒暂时无法完成此操作，请重试。',
    back: '返回商店',
    methodsJoin: '、',
  },
} satisfies Record<Locale, unknown>;

/** The methods the attempt's channel carries, by the names shoppers know (a multi-method processor lists each). */
export function methodNames(attempt: StoredAttempt, locale: Locale): string {
  return CHANNEL_METHODS[attempt.channel].map((m) => PAYMENT_METHOD_NAMES[locale][m]).join(TEXT[locale].methodsJoin);
}

/** Why the sandbox refuses a request, in the shopper's language (the answer's message). */
export const sandboxRefusal = (locale: Locale, why: 'unknown' | 'unknownAction'): string => TEXT[locale][why];

/** What the page says of an attempt that is no longer open. */
function settledText(attempt: StoredAttempt, t: (typeof TEXT)[Locale]): string {
  switch (attempt.status) {
    case 'PAID': return t.paid;
    case 'FAILED': return t.failed;
    case 'NEEDS_REFUND': return t.refunding;
    default: return t.closed;
  }
}

export function sandboxPageHtml(attempt: StoredAttempt, actionBase: string, locale: Locale): string {
  const t = TEXT[locale];
  const amount = escapeHtml(formatMoney(attempt.amount, attempt.currency));
  const open = attempt.status === 'PENDING';
  // The provider's own page: PayPal's sandbox checkout says so; the other channels share the generic page.
  const heading = attempt.channel === 'PAYPAL' ? t.payPalHeading : t.heading;
  const subject = attempt.purpose === 'DEPOSIT'
    // Named by its amount, not the payment's id (issue 42 n-9: "Store credit top-up z-C0NvEEzse_8ohyz4ABz-Dk").
    ? `${t.deposit} <span id="sandbox-deposit">${amount}</span>`
    : `${t.order} <span id="sandbox-order">${escapeHtml(attempt.orderID)}</span>`;
  const body = open
    ? `<p class="amount" id="sandbox-amount">${amount} ${escapeHtml(attempt.currency)}</p>
  <div class="buttons">
    <button id="sandbox-pay" data-action="pay">${t.pay}</button>
    <button id="sandbox-fail" data-action="fail">${t.fail}</button>
    <button id="sandbox-abandon" data-action="abandon">${t.abandon}</button>
  </div>
  <p id="sandbox-error" role="alert"></p>`
    : `<p id="sandbox-settled">${settledText(attempt, t)}</p>
  <a id="sandbox-return" href="${escapeHtml(attempt.returnUrl)}">${t.back}</a>`;
  // A refused button (404: the payment is gone; 403: the page's XSRF cookie is; anything else, or no answer) shows
  // the page's own text for it.
  const refusals = { 404: t.unknown, 403: t.stale, other: t.tryAgain };
  const script = `<script>
  var base = ${JSON.stringify(actionBase)};
  var refusals = ${JSON.stringify(refusals)};
  function xsrf() { var m = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/); return m ? decodeURIComponent(m[1]) : ''; }
  document.querySelectorAll('button[data-action]').forEach(function (button) {
    button.addEventListener('click', function () {
      document.querySelectorAll('button').forEach(function (b) { b.disabled = true; });
      fetch(base + '/' + button.dataset.action, {
        method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf() }, body: '{}'
      }).then(function (r) { if (!r.ok) throw r.status; return r.json(); })
        .then(function (body) { window.location.href = body.redirectUrl; })
        .catch(function (status) {
          document.getElementById('sandbox-error').textContent = refusals[status] || refusals.other;
          document.querySelectorAll('button').forEach(function (b) { b.disabled = false; });
        });
    });
  });
</script>`;
  return page(t, heading, `<p>${subject} · <span id="sandbox-method">${escapeHtml(methodNames(attempt, locale))}</span></p>
  ${body}`, open ? script : '');
}

/** The page at the address of a payment the sandbox does not know (answered with a 404). */
export function sandboxUnknownPageHtml(locale: Locale): string {
  const t = TEXT[locale];
  return page(t, t.heading, `<p id="sandbox-unknown" role="alert">${t.unknown}</p>`, '');
}

function page(t: (typeof TEXT)[Locale], heading: string, body: string, script: string): string {
  return `<!doctype html>
<html lang="${t.htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(heading)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 420px; margin: 40px auto; padding: 0 16px; color: #222; }
  .amount { font-size: 28px; font-weight: 600; }
  .buttons { display: flex; gap: 12px; }
  button { flex: 1; padding: 12px; font-size: 16px; border-radius: 6px; border: 1px solid #888; background: #fff; cursor: pointer; }
  #sandbox-pay { background: #1a7f37; color: #fff; border-color: #1a7f37; }
  #sandbox-fail { background: #c62828; color: #fff; border-color: #c62828; }
  #sandbox-error, #sandbox-unknown { color: #c62828; }
  #sandbox-mark { background: #ffd600; color: #222; font-weight: 700; text-align: center; padding: 8px; border-radius: 6px; }
</style></head>
<body>
  <p id="sandbox-mark" role="note">${t.mark}</p>
  <h1 id="sandbox-heading">${escapeHtml(heading)}</h1>
  ${body}
${script}
</body></html>`;
}
