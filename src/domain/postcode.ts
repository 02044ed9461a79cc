/**
 * Canadian postal codes (the demo stores are in Canada): the A1A 1A1 format, and the first letter that says which
 * province or territory a code belongs to (Canada Post's forward sortation areas). Other countries are not checked.
 * The server checks the same (contract/constants.ts).
 */
import { CA_POSTCODE_FIRST_LETTER, CA_POSTCODE_PATTERN } from '@contract/postcode'

const FORMAT = new RegExp(CA_POSTCODE_PATTERN)

/** 'v6x4j7', 'V6X-4J7' → 'V6X 4J7'; anything that is not six letters and digits is returned trimmed and upper-cased. */
export function formatCanadianPostcode(input: string): string {
  const compact = input.toUpperCase().replace(/[\s-]/g, '')
  return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : input.trim().toUpperCase()
}

export type PostcodeProblem = 'format' | 'province'

/**
 * What is wrong with a postal code for this address: 'format' (not A1A 1A1), 'province' (its first letter belongs to
 * another province), or null. Only Canadian addresses (country 'CA') are checked; a blank code or province is left to
 * the required-field rule.
 */
export function postcodeProblem(country: string, province: string, postcode: string): PostcodeProblem | null {
  if (country.trim().toUpperCase() !== 'CA' || postcode.trim() === '') return null
  const compact = postcode.toUpperCase().replace(/[\s-]/g, '')
  if (!FORMAT.test(compact)) return 'format'
  const code = province.trim().toUpperCase()
  if (code === '') return null
  const served = CA_POSTCODE_FIRST_LETTER[compact[0]]
  return served && !served.includes(code) ? 'province' : null
}
