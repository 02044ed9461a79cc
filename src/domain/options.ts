/** Product option selection: optionPair for GET /inventoryManagement/inventoryByProductAndOptions/{id}, quantity. */
export interface ProductOption {
  name: string
  /** Allowed values; when given, the selection must be one of them. */
  values?: readonly string[]
}

/** 'color:Red,size:M' — sorted by option name (code-unit order, not locale), blank selections left out. */
export function optionPairKey(selection: Record<string, string | undefined>): string {
  return Object.keys(selection)
    .filter((name) => (selection[name] ?? '').trim() !== '')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => `${name}:${selection[name]}`)
    .join(',')
}

/** Every option has a (non-blank, allowed) value selected. */
export function isSelectionComplete(options: readonly ProductOption[], selection: Record<string, string | undefined>): boolean {
  return options.every((o) => {
    const value = (selection[o.name] ?? '').trim()
    return value !== '' && (!o.values || o.values.includes(value))
  })
}

/**
 * Requested quantity against available stock. Requests are whole numbers of at least 1;
 * more than available → capped at what is available (0 when sold out or unknown) and rejected; Infinity = unlimited.
 */
export function clampQuantity(requested: number, available: number): { quantity: number; rejected: boolean } {
  const want = Number.isFinite(requested) ? Math.max(1, Math.floor(requested)) : 1
  const stock = Number.isNaN(available) ? 0 : Math.max(0, Math.floor(available))
  return want > stock ? { quantity: stock, rejected: true } : { quantity: want, rejected: false }
}

/**
 * A line's chosen options as the shopper reads them: the values in the shopper's language, 'Black / Medium' or
 * '黑色 / 中号' (labels from the server, one per option of the pair). Without labels, the stored values:
 * 'color:Black,size:M' → 'Black / M'.
 */
export function optionValuesText(optionPair: string | undefined, labels: readonly Partial<Record<string, string>>[] | undefined, lang: string): string {
  if (labels?.length) return labels.map((label) => label[lang] || label.en || '').join(' / ')
  return (optionPair ?? '')
    .split(',')
    .filter(Boolean)
    .map((part) => part.slice(part.indexOf(':') + 1))
    .join(' / ')
}

/** One option pair of a product and its stock (the product detail's variants). */
/**
 * The choices an option pair ('color:Red,size:M', as links carry it) makes on a product: only its options, and only
 * values they offer; anything else in the pair is left out (the shopper chooses it).
 */
export function selectionFromPair(options: readonly { name: string; values: readonly string[] }[], optionPair: string | undefined): Record<string, string> {
  const chosen = pairEntries(optionPair ?? '')
  const selection: Record<string, string> = {}
  for (const option of options) {
    const value = chosen.get(option.name)
    if (value !== undefined && option.values.includes(value)) selection[option.name] = value
  }
  return selection
}

export interface VariantStock {
  optionPair: string
  available: number
  /** What this pair sells at (the server's variant prices: its own, else the product's). */
  price?: number
  listPrice?: number
  memberPrice?: number
}

function pairEntries(optionPair: string): Map<string, string> {
  const entries = new Map<string, string>()
  for (const part of optionPair.split(',')) {
    const colon = part.indexOf(':')
    if (colon > 0) entries.set(part.slice(0, colon), part.slice(colon + 1))
  }
  return entries
}

/**
 * The values to show as sold out, per option: a value is sold out when no variant in stock has it together with the
 * values already chosen for the other options (a pair the store does not keep counts as none in stock). With no
 * variants known yet, nothing is marked.
 */
export function soldOutValues(
  options: readonly { name: string; values: readonly string[] }[],
  variants: readonly VariantStock[] | null,
  selection: Record<string, string | undefined>
): Record<string, string[]> {
  const result: Record<string, string[]> = {}
  if (!variants || variants.length === 0) return result
  const inStock = variants.filter((v) => v.available > 0).map((v) => pairEntries(v.optionPair))
  for (const option of options) {
    const wanted = options.filter((o) => o.name !== option.name && (selection[o.name] ?? '') !== '')
    const out = option.values.filter(
      (value) => !inStock.some((pair) => pair.get(option.name) === value && wanted.every((o) => pair.get(o.name) === selection[o.name]))
    )
    if (out.length) result[option.name] = out
  }
  return result
}
