import { badRequest } from '../lib/errors.ts';
import type { Queryable } from '../db/index.ts';
import type { Address } from '../../../contract/account.ts';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../../../contract/constants.ts';
import { CA_POSTCODE_FIRST_LETTER, CA_POSTCODE_PATTERN } from '../../../contract/postcode.ts';

export const EMAIL_RE = new RegExp(EMAIL_PATTERN);
export const PHONE_RE = new RegExp(PHONE_PATTERN);

const POSTCODE: Record<string, { test(pc: string): boolean }> = {
  CA: { test: (pc: string) => new RegExp(CA_POSTCODE_PATTERN).test(pc.replace(/[\s-]/g, '')) },
  US: /^\d{5}(-\d{4})?$/,
  CN: /^\d{6}$/,
};


/** Validates an address against the countries/provinces tables; returns it cleaned (trimmed, upper-cased codes). */
export async function checkAddress(q: Queryable, a: Address, label = 'address'): Promise<Address> {
  const errors: string[] = [];
  const country = (a.country ?? '').trim().toUpperCase();
  const province = (a.province ?? '').trim().toUpperCase();
  const { rows } = await q.query('SELECT 1 FROM provinces WHERE country = $1 AND code = $2', [country, province]);
  if (!(await q.query('SELECT 1 FROM countries WHERE code = $1', [country])).rows.length) errors.push(`${label}: unsupported country '${a.country}'`);
  else if (!rows.length) errors.push(`${label}: unknown province '${a.province}' for ${country}`);
  const pc = (a.postCode ?? '').trim().toUpperCase();
  if (POSTCODE[country] && !POSTCODE[country].test(pc)) errors.push(`${label}: postal code '${a.postCode}' is not valid for ${country}`);
  else if (country === 'CA' && rows.length && !CA_POSTCODE_FIRST_LETTER[pc[0]]?.includes(province)) {
    errors.push(`${label}: postal code '${a.postCode}' is not in ${province}`);
  }
  if (!PHONE_RE.test((a.phone ?? '').trim())) errors.push(`${label}: phone number is not valid`);
  for (const f of ['firstName', 'lastName', 'streetNumberAndNameDetails', 'city'] as const) {
    if (!(a[f] ?? '').trim()) errors.push(`${label}: ${f} is required`);
  }
  if (errors.length) throw badRequest(errors);
  return {
    ...(a.id ? { id: a.id } : {}),
    firstName: a.firstName.trim(), lastName: a.lastName.trim(), phone: a.phone.trim(),
    streetNumberAndNameDetails: a.streetNumberAndNameDetails.trim(), unit: (a.unit ?? '').trim(), city: a.city.trim(),
    province, postCode: country === 'CA' ? pc.replace(/[\s-]/g, '').replace(/^(...)(...)$/, '$1 $2') : pc, country, isDefault: !!a.isDefault,
  };
}
