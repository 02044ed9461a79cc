/**
 * The prices the product page shows (issue 37 item 5, a price per variant): those of the chosen option pair when the
 * product detail's variants name it with a price, else the product's own (before every option is chosen, or while the
 * variants are not known). A variant's member price stands only beside its own price: it never borrows the product's.
 */
import type { VariantStock } from './options'

export interface Prices {
  price: number
  listPrice?: number
  memberPrice?: number
}

export function chosenPrices(product: Prices, variants: readonly VariantStock[] | null, optionPair: string | null): Prices {
  const variant = optionPair === null ? undefined : variants?.find((v) => v.optionPair === optionPair)
  if (!variant || variant.price === undefined) {
    return { price: product.price, ...(product.listPrice !== undefined ? { listPrice: product.listPrice } : {}), ...(product.memberPrice !== undefined ? { memberPrice: product.memberPrice } : {}) }
  }
  return {
    price: variant.price,
    ...(variant.listPrice !== undefined ? { listPrice: variant.listPrice } : {}),
    ...(variant.memberPrice !== undefined ? { memberPrice: variant.memberPrice } : {})
  }
}
