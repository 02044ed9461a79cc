export type Language = 'en' | 'zh'
export const LANGUAGES: Language[] = ['en', 'zh']

/** One area's texts; a key missing in zh is a compile error. */
export function defineMessages<E extends Record<string, string>>(messages: { en: E; zh: { [K in keyof E]: string } }) {
  return messages
}

/**
 * Replaces {name} placeholders, and {name:one|other} with the word for that number ("1 item", "2 items"; English is the
 * only language here that needs it).
 */
export function interpolate(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text
  return text
    .replace(/\{(\w+):([^|{}]*)\|([^{}]*)\}/g, (whole, name: string, one: string, other: string) =>
      name in vars ? (Number(vars[name]) === 1 ? one : other) : whole
    )
    .replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}
