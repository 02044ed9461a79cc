/**
 * The sandbox's hosted payment page: what a shopper sees at the provider. Pay and Fail send the provider's
 * notification (POST .../{id}/pay|fail); Abandon sends nothing, like a shopper who closes the provider's page —
 * the order stays Pending and the attempt can still be paid later from this page.
 */
import { formatMoney } from '../lib/money.ts';
import type { StoredAttempt } from './storedAttempt.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export function sandboxPageHtml(attempt: StoredAttempt, actionBase: string): string {
  const amount = escapeHtml(formatMoney(attempt.amount, attempt.currency));
  const open = attempt.status === 'PENDING';
  // The provider's own page: PayPal's sandbox checkout says so; the other channels share the generic page.
  const heading = attempt.channel === 'PAYPAL' ? 'PayPal sandbox checkout' : 'Payment sandbox';
  const body = open
    ? `<p class="amount" id="sandbox-amount">${amount} ${escapeHtml(attempt.currency)}</p>
  <div class="buttons">
    <button id="sandbox-pay" data-action="pay">Pay</button>
    <button id="sandbox-fail" data-action="fail">Fail</button>
    <button id="sandbox-abandon" data-action="abandon">Abandon</button>
  </div>
  <p id="sandbox-error" role="alert"></p>`
    : `<p id="sandbox-settled">This payment is already ${attempt.status === 'PAID' ? 'paid' : attempt.status === 'FAILED' ? 'failed' : 'closed'}.</p>
  <a id="sandbox-return" href="${escapeHtml(attempt.returnUrl)}">Return to the store</a>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
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
  <p id="sandbox-mark" role="note">SANDBOX: test payment, no money moves</p>
  <h1 id="sandbox-heading">${escapeHtml(heading)}</h1>
  <p>${attempt.purpose === 'DEPOSIT'
    ? `Store credit top-up <span id="sandbox-deposit">${escapeHtml(attempt.id)}</span>`
    : `Order <span id="sandbox-order">${escapeHtml(attempt.orderID)}</span>`} · ${escapeHtml(attempt.channel)}</p>
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
