/**
 * The sandbox's hosted payment page: what a shopper sees at the provider. Pay and Fail send the provider's
 * notification (POST .../{id}/pay|fail); Abandon sends nothing, like a shopper who closes the provider's page —
 * the order stays Pending and the attempt can still be paid later from this page.
 * It speaks the shopper's language (the session's, as the store answers them: lib/session.ts visitorLocale) and names
 * the payment method the shopper chose, not the processor's channel code (issue 29 m-16).
 */
import { formatMoney } from '../lib/money.ts';
import type { Locale } from '../../../contract/constants.ts';
import { CHANNEL_METHODS, PAYMENT_METHOD_NAMES } from '../../../shared/paymentMethods.ts';
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
    back: '返回商店',
    methodsJoin: '、',
  },
} satisfies Record<Locale, unknown>;

/** The methods the attempt's channel carries, by the names shoppers know (a multi-method processor lists each). */
export function methodNames(attempt: StoredAttempt, locale: Locale): string {
  return CHANNEL_METHODS[attempt.channel].map((m) => PAYMENT_METHOD_NAMES[locale][m]).join(TEXT[locale].methodsJoin);
}

export function sandboxPageHtml(attempt: StoredAttempt, actionBase: string, locale: Locale): string {
  const t = TEXT[locale];
  const amount = escapeHtml(formatMoney(attempt.amount, attempt.currency));
  const open = attempt.status === 'PENDING';
  // The provider's own page: PayPal's sandbox checkout says so; the other channels share the generic page.
  const heading = attempt.channel === 'PAYPAL' ? t.payPalHeading : t.heading;
  const subject = attempt.purpose === 'DEPOSIT'
    ? `${t.deposit} <span id="sandbox-deposit">${escapeHtml(attempt.id)}</span>`
    : `${t.order} <span id="sandbox-order">${escapeHtml(attempt.orderID)}</span>`;
  const body = open
    ? `<p class="amount" id="sandbox-amount">${amount} ${escapeHtml(attempt.currency)}</p>
  <div class="buttons">
    <button id="sandbox-pay" data-action="pay">${t.pay}</button>
    <button id="sandbox-fail" data-action="fail">${t.fail}</button>
    <button id="sandbox-abandon" data-action="abandon">${t.abandon}</button>
  </div>
  <p id="sandbox-error" role="alert"></p>`
    : `<p id="sandbox-settled">${attempt.status === 'PAID' ? t.paid : attempt.status === 'FAILED' ? t.failed : t.closed}</p>
  <a id="sandbox-return" href="${escapeHtml(attempt.returnUrl)}">${t.back}</a>`;
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
  #sandbox-error { color: #c62828; }
  #sandbox-mark { background: #ffd600; color: #222; font-weight: 700; text-align: center; padding: 8px; border-radius: 6px; }
</style></head>
<body>
  <p id="sandbox-mark" role="note">${t.mark}</p>
  <h1 id="sandbox-heading">${escapeHtml(heading)}</h1>
  <p>${subject} · <span id="sandbox-method">${escapeHtml(methodNames(attempt, locale))}</span></p>
  ${body}
<script>
  var base = ${JSON.stringify(actionBase)};
  function xsrf() { var m = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/); return m ? decodeURIComponent(m[1]) : ''; }
  document.querySelectorAll('button[data-action]').forEach(function (button) {
    button.addEventListener('click', function () {
      document.querySelectorAll('button').forEach(function (b) { b.disabled = true; });
      fetch(base + '/' + button.dataset.action, {
        method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf() }, body: '{}'
      }).then(function (r) { return r.json().then(function (body) { if (!r.ok) throw new Error(body.message); return body; }); })
        .then(function (body) { window.location.href = body.redirectUrl; })
        .catch(function (e) {
          document.getElementById('sandbox-error').textContent = e.message;
          document.querySelectorAll('button').forEach(function (b) { b.disabled = false; });
        });
    });
  });
</script>
</body></html>`;
}
