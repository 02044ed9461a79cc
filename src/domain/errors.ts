import type { MessageKey, Translate } from '@/i18n'

/**
 * A failure of the app's own (not the server's) that the shopper reads: its message key shows it in their language,
 * `message` keeps the English for the console and where no translation is at hand.
 */
export class ShopperError extends Error {
  constructor(
    readonly messageKey: MessageKey,
    english: string
  ) {
    super(english)
  }
}

/**
 * The text to show for a failed call: an ApiError's first server message, an Error's message, else the value itself.
 * A ShopperError is worded in the shopper's language when the caller passes its translate function.
 */
export function messageOf(err: unknown, t?: Translate): string {
  if (err instanceof ShopperError && t) return t(err.messageKey)
  return err instanceof Error ? err.message : String(err)
}
