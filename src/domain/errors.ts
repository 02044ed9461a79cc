/** The text to show for a failed call: an ApiError's first server message, an Error's message, else the value itself. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
