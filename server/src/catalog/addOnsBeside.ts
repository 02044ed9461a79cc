/**
 * Which add-ons a list offers beside some products (the product page's one, the cart's): an add-on tagged 'for:<category>'
 * goes beside goods of that category, one with no 'for:' tag beside any goods. A membership (or another add-on) is no
 * goods: a cart holding only those is offered none.
 */
export type AddOnOffer =
  /** Nothing known to go by (no products named, or none of them found): every add-on. */
  | { offer: 'every' }
  | { offer: 'none' }
  /** Those for one of these (lower-case) categories, and those for any goods. */
  | { offer: 'for'; categories: string[] };

export interface BesideProduct {
  category: string;
  productType: string;
  tags: string[];
}

export function addOnsBeside(found: BesideProduct[], addOnTag: string): AddOnOffer {
  if (found.length === 0) return { offer: 'every' };
  const goods = found.filter((p) => p.productType.toUpperCase() === 'PRODUCT' && !p.tags.includes(addOnTag));
  if (goods.length === 0) return { offer: 'none' };
  return { offer: 'for', categories: [...new Set(goods.map((p) => p.category.toLowerCase()))].sort() };
}
