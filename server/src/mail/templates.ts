/** The store's mail, in the shopper's language (en/zh), each as plain text and HTML. Pure functions of their data. */
import { formatMoney } from '../lib/money.ts';
import type { Locale } from '../../../contract/constants.ts';

export type { Locale };
export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Paragraphs shared by both forms; a `link` paragraph becomes a button in HTML and a bare URL in text. */
type Block = { p: string } | { link: string; label: string } | { table: [string, string][] };

function render(locale: Locale, storeName: string, subject: string, blocks: Block[]): Rendered {
  const text = blocks.map((b) => ('p' in b ? b.p : 'link' in b ? `${b.label}:\n${b.link}` : b.table.map(([k, v]) => `${k}  ${v}`).join('\n')))
    .concat(`— ${storeName}`).join('\n\n');
  const body = blocks.map((b) => {
    if ('p' in b) return `<p style="margin:0 0 16px">${esc(b.p).replace(/\n/g, '<br>')}</p>`;
    if ('link' in b) {
      return `<p style="margin:0 0 16px"><a href="${esc(b.link)}" style="display:inline-block;padding:10px 18px;background:#1f6f50;color:#fff;text-decoration:none;border-radius:4px">${esc(b.label)}</a></p>`
        + `<p style="margin:0 0 16px;font-size:12px;color:#555;word-break:break-all">${esc(b.link)}</p>`;
    }
    const rows = b.table.map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0">${esc(k)}</td><td style="padding:4px 0;text-align:right">${esc(v)}</td></tr>`).join('');
    return `<table style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`;
  }).join('\n');
  const html = `<!doctype html><html lang="${locale === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>`
    + `<body style="font-family:sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px">\n${body}\n`
    + `<p style="margin:24px 0 0;color:#555">— ${esc(storeName)}</p></body></html>`;
  return { subject, text, html };
}

export function passwordResetMail(locale: Locale, d: { storeName: string; firstName: string; link: string }): Rendered {
  return locale === 'zh'
    ? render(locale, d.storeName, `${d.storeName}：重置密码`, [
      { p: `${d.firstName}，您好：` },
      { p: '我们收到了重置您账户密码的请求。请在一小时内打开下面的链接设置新密码。' },
      { link: d.link, label: '设置新密码' },
      { p: '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。' },
    ])
    : render(locale, d.storeName, `${d.storeName}: reset your password`, [
      { p: `Hello ${d.firstName},` },
      { p: 'We received a request to reset the password of your account. Open the link below within an hour to choose a new one.' },
      { link: d.link, label: 'Choose a new password' },
      { p: 'If you did not ask for this, ignore this e-mail: your password stays as it is.' },
    ]);
}

/**
 * The address of a new account is confirmed by opening the link. Anyone can type any address into sign-up, so the mail
 * tells a reader who made no account not to confirm it and to take the address back with a password reset instead.
 */
export function emailVerificationMail(locale: Locale, d: { storeName: string; firstName: string; link: string; resetLink: string }): Rendered {
  return locale === 'zh'
    ? render(locale, d.storeName, `${d.storeName}：请确认您的邮箱地址`, [
      { p: `${d.firstName}，您好：` },
      { p: '有人用此邮箱地址注册了账户。如果是您本人，请在24小时内打开下面的链接确认邮箱。确认后即可关联微信或支付宝登录。' },
      { link: d.link, label: '确认邮箱地址' },
      { p: '如果这不是您注册的账户，请不要确认。您可以通过重置密码取回此邮箱地址：' },
      { link: d.resetLink, label: '重置密码' },
    ])
    : render(locale, d.storeName, `${d.storeName}: confirm your e-mail address`, [
      { p: `Hello ${d.firstName},` },
      { p: 'An account was created with this e-mail address. If it was you, open the link below within 24 hours to confirm the address. Once it is confirmed you can link WeChat or Alipay sign-in to the account.' },
      { link: d.link, label: 'Confirm my e-mail address' },
      { p: 'If you did not create this account, do not confirm it. You can take the address back by choosing a new password:' },
      { link: d.resetLink, label: 'Reset the password' },
    ]);
}

export interface ReceiptData {
  storeName: string;
  firstName: string;
  orderID: string;
  paidOnline: boolean;
  currency: string;
  lines: { name: string; quantity: number; lineTotal: number }[];
  totals: { subtotal: number; discount: number; tip: number; tax: number; shipping: number; storeCredit: number; total: number };
  /** the order is on an account, so it is listed under My account → Orders */
  inAccount: boolean;
  /** A guest order's lookup link (/orderlookup?order=…&ref=…), when the order knows the shop's origin. */
  lookupLink?: string;
}

export function receiptMail(locale: Locale, d: ReceiptData): Rendered {
  const money = (n: number) => formatMoney(n, d.currency);
  const zh = locale === 'zh';
  const t = d.totals;
  const rows: [string, string][] = d.lines.map((l) => [`${l.name} × ${l.quantity}`, money(l.lineTotal)]);
  const add = (label: string, n: number, sign = '') => { if (n) rows.push([label, sign + money(n)]); };
  add(zh ? '小计' : 'Subtotal', t.subtotal);
  add(zh ? '优惠' : 'Discount', t.discount, '-');
  add(zh ? '小费' : 'Tip', t.tip);
  add(zh ? '税' : 'Tax', t.tax);
  add(zh ? '运费' : 'Shipping', t.shipping);
  add(zh ? '店铺余额' : 'Store credit', t.storeCredit, '-');
  rows.push([zh ? '合计' : 'Total', money(t.total)]);
  const paid = d.paidOnline
    ? (zh ? '已在线付款。' : 'Paid online.')
    : (zh ? '请在门店付款。' : 'To be paid at the store.');
  return zh
    ? render(locale, d.storeName, `${d.storeName}：订单 ${d.orderID} 的收据`, [
      { p: `${d.firstName}，您好：` },
      { p: `感谢您的订购！这是订单 ${d.orderID} 的收据。${paid}` },
      { table: rows },
      ...(d.inAccount ? [{ p: '您也可以在“我的账户 → 我的订单”中查看此订单。' }] : []),
      ...(d.lookupLink ? [{ p: `随时通过此链接查看订单 ${d.orderID} 的状态（链接可直接打开订单，请勿转发）：` }, { link: d.lookupLink, label: '查询订单' }] : []),
    ])
    : render(locale, d.storeName, `${d.storeName}: receipt for order ${d.orderID}`, [
      { p: `Hello ${d.firstName},` },
      { p: `Thank you for your order! This is the receipt for order ${d.orderID}. ${paid}` },
      { table: rows },
      ...(d.inAccount ? [{ p: 'You can also find this order under My account → My orders.' }] : []),
      ...(d.lookupLink ? [{ p: `Check order ${d.orderID}'s status any time through this link (it opens the order: keep it to yourself):` }, { link: d.lookupLink, label: 'Track my order' }] : []),
    ]);
}

export interface FulfilmentMailData {
  storeName: string;
  firstName: string;
  orderID: string;
  /** Where a pickup order waits (the store location's name and address), in the shopper's language. */
  pickupAt?: string;
  /** The pickup or delivery time the shopper chose ('YYYY-MM-DD HH:MM'), if any. */
  when: string | null;
  /** Still to pay at the store when collected. */
  payAtStore: boolean;
  lookupLink?: string;
}

/** The store moved the order on (orders/lifecycle.ts moveOrder): it waits at the store, or is on its way. */
export function orderReadyMail(locale: Locale, d: FulfilmentMailData): Rendered {
  const zh = locale === 'zh';
  const track = d.lookupLink ? [{ p: zh ? '查看订单状态：' : 'Check the order\'s status:' }, { link: d.lookupLink, label: zh ? '查询订单' : 'Track my order' }] : [];
  return zh
    ? render(locale, d.storeName, `${d.storeName}：订单 ${d.orderID} 可以取货了`, [
      { p: `${d.firstName}，您好：` },
      { p: `您的订单 ${d.orderID} 已备好，可以到店取货了${d.pickupAt ? `：${d.pickupAt}` : ''}。${d.when ? `您选择的取货时间：${d.when}。` : ''}` },
      ...(d.payAtStore ? [{ p: '请在取货时付款。' }] : []),
      ...track,
    ])
    : render(locale, d.storeName, `${d.storeName}: order ${d.orderID} is ready for pickup`, [
      { p: `Hello ${d.firstName},` },
      { p: `Your order ${d.orderID} is ready for pickup${d.pickupAt ? ` at ${d.pickupAt}` : ''}.${d.when ? ` The pickup time you chose: ${d.when}.` : ''}` },
      ...(d.payAtStore ? [{ p: 'Please pay when you collect it.' }] : []),
      ...track,
    ]);
}

export function orderOutForDeliveryMail(locale: Locale, d: FulfilmentMailData): Rendered {
  const zh = locale === 'zh';
  const track = d.lookupLink ? [{ p: zh ? '查看订单状态：' : 'Check the order\'s status:' }, { link: d.lookupLink, label: zh ? '查询订单' : 'Track my order' }] : [];
  return zh
    ? render(locale, d.storeName, `${d.storeName}：订单 ${d.orderID} 正在配送`, [
      { p: `${d.firstName}，您好：` },
      { p: `您的订单 ${d.orderID} 已出发，正在送往您的地址。${d.when ? `您选择的送达时间：${d.when}。` : ''}` },
      ...track,
    ])
    : render(locale, d.storeName, `${d.storeName}: order ${d.orderID} is out for delivery`, [
      { p: `Hello ${d.firstName},` },
      { p: `Your order ${d.orderID} has left the store and is on its way to you.${d.when ? ` The delivery time you chose: ${d.when}.` : ''}` },
      ...track,
    ]);
}

export interface RefundMailData {
  storeName: string;
  firstName: string;
  orderID: string;
  /** This refund and the part of it given back as store credit, in minor units of the order's currency. */
  amount: number;
  credit: number;
  currency: string;
  /** The order has now been refunded in full. */
  full: boolean;
  lookupLink?: string;
}

/** A refund of the order (orders/lifecycle.ts requestRefund or the provider's own: event `refunded`). */
export function orderRefundedMail(locale: Locale, d: RefundMailData): Rendered {
  const zh = locale === 'zh';
  const money = (n: number) => formatMoney(n, d.currency);
  const online = d.amount - d.credit;
  const track = d.lookupLink ? [{ p: zh ? '查看订单状态：' : 'Check the order\'s status:' }, { link: d.lookupLink, label: zh ? '查询订单' : 'Track my order' }] : [];
  return zh
    ? render(locale, d.storeName, `${d.storeName}：订单 ${d.orderID} 已退款 ${money(d.amount)}`, [
      { p: `${d.firstName}，您好：` },
      { p: `您的订单 ${d.orderID} ${d.full ? '已全额退款' : '已部分退款'}：${money(d.amount)}。` },
      ...(online ? [{ p: `${money(online)} 将退回原支付方式，到账时间以支付机构为准。` }] : []),
      ...(d.credit ? [{ p: `${money(d.credit)} 已退回您的商店余额。` }] : []),
      ...track,
    ])
    : render(locale, d.storeName, `${d.storeName}: ${money(d.amount)} refunded on order ${d.orderID}`, [
      { p: `Hello ${d.firstName},` },
      { p: `Your order ${d.orderID} has been ${d.full ? 'refunded in full' : 'partly refunded'}: ${money(d.amount)}.` },
      ...(online ? [{ p: `${money(online)} goes back to the way you paid; when it arrives depends on your payment provider.` }] : []),
      ...(d.credit ? [{ p: `${money(d.credit)} is back in your store credit.` }] : []),
      ...track,
    ]);
}

/**
 * Anyone can type any address into the contact form, so the acknowledgement carries none of the sender's text beyond
 * the name: the store must not become a relay for someone else's message.
 */
/**
 * The contact form's acknowledgement. Anyone can type any address into the form, so nothing the sender typed (not even
 * the name, which could carry a line of text or a link) goes into it: it is the store's own text alone (probe L3).
 */
export function contactAckMail(locale: Locale, d: { storeName: string }): Rendered {
  return locale === 'zh'
    ? render(locale, d.storeName, `${d.storeName}：我们已收到您的留言`, [
      { p: '您好：' },
      { p: '感谢您联系我们。我们已收到您的留言，会尽快回复您。' },
      { p: '如果您没有给我们留言，请忽略此邮件。' },
    ])
    : render(locale, d.storeName, `${d.storeName}: we received your message`, [
      { p: 'Hello,' },
      { p: 'Thank you for contacting us. We received your message and will answer you soon.' },
      { p: 'If you did not write to us, please ignore this e-mail.' },
    ]);
}

/**
 * Back in stock (services/restock.ts): the product (and the chosen option pair) with its link. Anyone can type any
 * address into the form, so the mail says how it came about and that nothing more will follow.
 */
export function restockMail(locale: Locale, d: { storeName: string; productName: string; choice: string | null; link: string }): Rendered {
  const what = d.choice ? `${d.productName} (${d.choice})` : d.productName;
  return locale === 'zh'
    ? render(locale, d.storeName, `${d.storeName}：${what} 已到货`, [
      { p: '您好：' },
      { p: `您请我们在 ${what} 到货时通知您：现在有货了。库存有限，先到先得。` },
      { link: d.link, label: '查看商品' },
      { p: '这是此次到货提醒的唯一一封邮件。如果您没有订阅到货提醒，请忽略此邮件。' },
    ])
    : render(locale, d.storeName, `${d.storeName}: ${what} is back in stock`, [
      { p: 'Hello,' },
      { p: `You asked us to e-mail you when ${what} was back: it is in stock now. Stock is limited, so don't wait too long.` },
      { link: d.link, label: 'See the product' },
      { p: 'This is the only e-mail about this alert. If you did not ask for it, please ignore this e-mail.' },
    ]);
}

/** The owner invited a staff member to the back office (issue 43): the link sets their password, once, within 72 hours. */
export function staffInvitationMail(locale: Locale, d: { storeName: string; invitedBy: string; role: string; link: string }): Rendered {
  return locale === 'zh'
    ? render(locale, d.storeName, `${d.storeName}：后台邀请`, [
      { p: `${d.invitedBy} 邀请您以${d.role === 'owner' ? '店主' : '员工'}身份使用${d.storeName}的后台。` },
      { p: '请在72小时内打开下面的链接设置您的密码，之后即可在后台登录。' },
      { link: d.link, label: '设置密码' },
      { p: '如果您不认识邀请人，请忽略此邮件。' },
    ])
    : render(locale, d.storeName, `${d.storeName}: your back office invitation`, [
      { p: `${d.invitedBy} invited you to ${d.storeName}'s back office as ${d.role === 'owner' ? 'an owner' : 'staff'}.` },
      { p: 'Open the link below within 72 hours to choose your password; then sign in to the back office.' },
      { link: d.link, label: 'Choose your password' },
      { p: 'If you do not know who invited you, ignore this e-mail.' },
    ]);
}
