/**
 * "E-mail me when it's back" on a sold-out product (own call, server/CONTRACT.md §Back-in-stock alerts; walkthrough 2.3).
 * One subscription per product (and option pair) and e-mail: asking again is the same subscription, answered the same.
 */
import { Type, type Static } from '@sinclair/typebox'
import { LOCALES } from './constants.ts'
import { StringEnum } from './common.ts'

export const RestockAlertBody = Type.Object({
  /** The sold-out product. */
  productId: Type.String({ minLength: 1, maxLength: 20 }),
  /** A sold-out combination ("color:Red,size:L", as inventoryByProductAndOptions takes it); absent = any of the product's. */
  optionPair: Type.Optional(Type.String({ maxLength: 200 })),
  /** Where to write; may be left out by a shopper signed in with an e-mail (the account's is used). */
  email: Type.Optional(Type.String({ maxLength: 254 })),
  /** The language of the mail; absent = the session's. */
  locale: Type.Optional(StringEnum(LOCALES))
})
export type RestockAlertBody = Static<typeof RestockAlertBody>

/** A subscription as both calls answer it. */
const RestockSubscription = {
  productId: Type.String(),
  /** Canonical option pair (names sorted, values as in the catalogue); '' = any. */
  optionPair: Type.String(),
  /** The address the mail goes to (trimmed, lower-case). */
  email: Type.String(),
  locale: StringEnum(LOCALES)
}

export const RestockAlert = Type.Object({
  ...RestockSubscription,
  /**
   * Cancels this subscription while it waits (POST restockAlert/cancel). Only who made it gets it (that browser's
   * session, or that account); a repeat from anyone else, who may have typed someone else's address, is answered
   * without it.
   */
  cancelToken: Type.Optional(Type.String())
})
export type RestockAlert = Static<typeof RestockAlert>

export const RestockCancelBody = Type.Object({ cancelToken: Type.String({ pattern: '^[0-9a-f]{32}$' }) })
export type RestockCancelBody = Static<typeof RestockCancelBody>

/** The subscription that was cancelled: nobody is written to about it. */
export const RestockCancelled = Type.Object(RestockSubscription)
export type RestockCancelled = Static<typeof RestockCancelled>
