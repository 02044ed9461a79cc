export type Language = 'en' | 'zh'
export const LANGUAGES: Language[] = ['en', 'zh']

/** One area's texts; a key missing in zh is a compile error. */
export function defineMessages<E extends Record<string, string>>(messages: { en: E; zh: { [K in keyof E]: string } }) {
  return messages
}

/** Replaces {name} placeholders. */
export function interpolate(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}
