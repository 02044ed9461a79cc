/**
 * The referral programme's eligibility rules as pure functions (security probe 2026-11-26 M2; server/CONTRACT.md
 * "Referral rules"). service.ts gathers the facts from the database and asks these.
 */

/** Who the referrer is, as an order could show it: their e-mail addresses, phone numbers and delivery addresses. */
export interface ReferrerTraces {
  emails: string[];
  phones: string[];
  addresses: AddressLike[];
}

export interface AddressLike {
  streetNumberAndNameDetails?: string;
  unit?: string;
  postCode?: string;
}

export interface OrderParties {
  contact: { email?: string; phone?: string } | null;
  delivery: AddressLike | null;
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
 * Why an introduced order earns its referrer nothing, or null: its payer (the order's contact e-mail or phone) or its
 * delivery address is the referrer's own. Commission is for bringing in someone else's spending.
 */
export function referrerOwnOrder(traces: ReferrerTraces, order: OrderParties): 'PAYER_IS_REFERRER' | 'ADDRESS_IS_REFERRERS' | null {
  const email = order.contact?.email?.trim().toLowerCase();
  if (email && traces.emails.some((e) => e.trim().toLowerCase() === email)) return 'PAYER_IS_REFERRER';
  const phone = phoneKey(order.contact?.phone);
  if (phone && traces.phones.some((p) => phoneKey(p) === phone)) return 'PAYER_IS_REFERRER';
  const address = addressKey(order.delivery);
  if (address && traces.addresses.some((a) => addressKey(a) === address)) return 'ADDRESS_IS_REFERRERS';
  return null;
}

/** The commission an order accrues: the group's rate of its goods base, never more than what is left of the month's cap. */
export function cappedCommission(base: number, percent: number, accruedThisMonth: number, monthlyCap: number): number {
  const full = Math.floor((Math.max(0, base) * percent) / 100);
  return Math.max(0, Math.min(full, monthlyCap - accruedThisMonth));
}
