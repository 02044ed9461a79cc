/**
 * "E-mail me when it's back" (walkthrough 2.3): when the product page offers it, and the e-mail rule (the server's own
 * pattern; it checks again, server/src/services/restock.ts).
 */
import { EMAIL_PATTERN } from '@contract/constants'

export type RestockEmailProblem = 'required' | 'invalid'

const EMAIL = new RegExp(EMAIL_PATTERN)

export function restockEmailProblem(email: string): RestockEmailProblem | null {
  const value = email.trim()
  if (!value) return 'required'
  return EMAIL.test(value) ? null : 'invalid'
}

/**
 * What a shopper can wait for on a product page: the whole product when it is sold out (optionPair undefined: any of
 * its options), else the chosen option pair when its stock is known to be 0; null when there is something to buy.
 */
export function restockTarget(productSoldOut: boolean, chosen: { optionPair: string; stock: number } | null): { optionPair?: string } | null {
  if (productSoldOut) return {}
  if (chosen && chosen.stock <= 0 && chosen.optionPair) return { optionPair: chosen.optionPair }
  return null
}
