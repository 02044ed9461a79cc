/**
 * The referral programme's eligibility rules as pure functions (security probe 2026-11-26 M2; server/CONTRACT.md
 * "Referral rules"). service.ts gathers the facts from the database and asks these.
 */

/**
 * Who the referrer is, as an order could show it: their e-mail addresses, phone numbers, delivery addresses and the
 * WeChat/Alipay identities (`provider:subject`) their account holds.
 */
export interface ReferrerTraces {
  emails: string[];
  phones: string[];
  addresses: AddressLike[];
  identities?: string[];
}

export interface AddressLike {
  streetNumberAndNameDetails?: string;
  unit?: string;
  postCode?: string;
}

export interface OrderParties {
  contact: { email?: string; phone?: string } | null;
  delivery: AddressLike | null;
  /** The ordering account's own e-mail (it may differ from the order's contact). */
  accountEmail?: string | null;
  /** The ordering account's WeChat/Alipay identities (`provider:subject`): who pays in the mini-programs. */
  identities?: string[];
}

/**
 * An e-mail address as a mailbox (issue 38 item 3): lower case, the `+tag` of the local part dropped (every large provider
 * delivers owner+x@ to owner@), and for Gmail the dots too (o.w.n.e.r@gmail.com is owner@gmail.com), as referral
 * programmes de-duplicate sign-ups. Null when it is not an address.
 */
export function mailboxKey(email: string | null | undefined): string | null {
  const t = (email ?? '').trim().toLowerCase();
  const at = t.lastIndexOf('@');
  if (at < 1 || at === t.length - 1) return null;
  let local = t.slice(0, at).replace(/\+.*$/, '');
  let domain = t.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return local ? `${local}@${domain}` : null;
}

/** Letters and digits only, lower case: "100 Queen St. W" and "100 queen st w" are one street. */
const squeeze = (s: string | undefined) => (s ?? '').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** A delivery address as one comparable key (street, unit, postcode), or null when it has no street or postcode. */
export function addressKey(a: AddressLike | null | undefined): string | null {
  if (!a) return null;
  const street = squeeze(a.streetNumberAndNameDetails);
  const post = squeeze(a.postCode);
  if (!street || !post) return null;
  return `${street}|${squeeze(a.unit)}|${post}`;
}

/** A phone number by its last ten digits (country code and punctuation aside), or null when it has fewer than seven. */
export function phoneKey(phone: string | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-10) : null;
}

/**
 * Why an introduced order earns its referrer nothing, or null: its payer (the order's contact or the account's mailbox,
 * the contact phone, or a WeChat/Alipay identity of the account) or its delivery address is the referrer's own.
 * Commission is for bringing in someone else's spending.
 */
export function referrerOwnOrder(traces: ReferrerTraces, order: OrderParties): 'PAYER_IS_REFERRER' | 'ADDRESS_IS_REFERRERS' | null {
  const theirs = new Set(traces.emails.map(mailboxKey).filter(Boolean));
  for (const e of [order.contact?.email, order.accountEmail]) {
    const key = mailboxKey(e);
    if (key && theirs.has(key)) return 'PAYER_IS_REFERRER';
  }
  const phone = phoneKey(order.contact?.phone);
  if (phone && traces.phones.some((p) => phoneKey(p) === phone)) return 'PAYER_IS_REFERRER';
  if ((order.identities ?? []).some((i) => (traces.identities ?? []).includes(i))) return 'PAYER_IS_REFERRER';
  const address = addressKey(order.delivery);
  if (address && traces.addresses.some((a) => addressKey(a) === address)) return 'ADDRESS_IS_REFERRERS';
  return null;
}

/**
 * The real person behind an order, as keys (issue 38 item 3): the mailboxes of its contact and account, its contact phone,
 * its delivery address, its account's WeChat/Alipay identities. Two orders sharing any key are one person's.
 */
export function personKeys(order: OrderParties): string[] {
  return [
    ...[order.contact?.email, order.accountEmail].map(mailboxKey).filter((k): k is string => k !== null).map((k) => `e:${k}`),
    ...[phoneKey(order.contact?.phone)].filter((k): k is string => k !== null).map((k) => `p:${k}`),
    ...[addressKey(order.delivery)].filter((k): k is string => k !== null).map((k) => `a:${k}`),
    ...(order.identities ?? []).map((i) => `i:${i}`),
  ];
}

/**
 * One referral reward per real person: an introduced account's order earns nothing when the person behind it already
 * earned this referrer commission through another introduced account (a second account of the same mailbox, phone,
 * delivery address or WeChat/Alipay identity). `earlier` are the orders of the referrer's other introduced accounts that
 * accrued commission.
 */
export function alreadyRewardedPerson(order: OrderParties, earlier: OrderParties[]): boolean {
  const keys = new Set(personKeys(order));
  return earlier.some((o) => personKeys(o).some((k) => keys.has(k)));
}

/** The commission an order accrues: the group's rate of its goods base, never more than what is left of the month's cap. */
export function cappedCommission(base: number, percent: number, accruedThisMonth: number, monthlyCap: number): number {
  const full = Math.floor((Math.max(0, base) * percent) / 100);
  return Math.max(0, Math.min(full, monthlyCap - accruedThisMonth));
}
