/**
 * Products, categories, brands, tags, search, add-ons, inventory (spec §7 "Product and cart"). Money is in minor units
 * of `currency`; names and descriptions come in both languages.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Localized, Nullable, PageFields, PagingQuery } from './common.ts'
import { MembershipPlanInfo } from './membershipPlan.ts'

/**
 * One value of an option; `image`, when the catalogue gives one, is the picture of this choice (one of its product's
 * `images`, by name): the product page shows it when the shopper chooses the value (issue 42 n-2, a colour's picture).
 */
export const OptionValue = Type.Object({ value: Type.String(), label: Localized, image: Type.Optional(Type.String()) })
export type OptionValue = Static<typeof OptionValue>

/** One choice a product offers (size, colour, grind...). */
export const ProductOption = Type.Object({ name: Type.String(), nameContent: Localized, values: Type.Array(OptionValue) })
export type ProductOption = Static<typeof ProductOption>

export const Product = Type.Object({
  id: Type.String(),
  name: Type.String(),
  nameContent: Localized,
  description: Type.String(),
  descriptionContent: Localized,
  category: Type.String(),
  categoryContent: Localized,
  brand: Type.String(),
  tags: Type.Array(Type.String()),
  clearance: Type.Boolean(),
  price: Type.Integer(),
  /** Price before the clearance reduction, when there is one. */
  listPrice: Type.Optional(Type.Integer()),
  currency: Type.String(),
  images: Type.Array(Type.String()),
  /** Total stock over all option pairs. */
  stock: Type.Integer(),
  soldOut: Type.Boolean(),
  options: Type.Array(ProductOption),
  /** The operator's product type (list filter `productType`), 'PRODUCT' unless the operator says otherwise. */
  productType: Type.String(),
  /** What a member pays (the product's member price, or the store's member discount); absent when members pay `price`. */
  memberPrice: Type.Optional(Type.Integer()),
  /** Products of type MEMBERSHIP: what buying one grants. */
  membershipPlan: Type.Optional(MembershipPlanInfo),
  createdAt: Type.String({ format: 'date-time' })
})
export type Product = Static<typeof Product>

export const SortBy = Type.String({ maxLength: 40, description: 'default, date, priceLowToHigh, priceHighToLow or name' })
export type SortBy = Static<typeof SortBy>

export const ProductListQuery = Type.Object({
  categoryName: Type.Optional(Type.String({ maxLength: 100 })),
  brandName: Type.Optional(Type.String({ maxLength: 100 })),
  tagName: Type.Optional(Type.String({ maxLength: 100 })),
  clearance: Type.Optional(Type.Boolean()),
  sortby: Type.Optional(SortBy),
  productType: Type.Optional(Type.String({ maxLength: 40 })),
  recordStatus: Type.Optional(Type.String({ maxLength: 40 })),
  ...PagingQuery
})
export type ProductListQuery = Static<typeof ProductListQuery>

export const SortedPagingQuery = Type.Object({ ...PagingQuery, sortby: Type.Optional(SortBy) })
export type SortedPagingQuery = Static<typeof SortedPagingQuery>

export const ProductPage = Type.Object({ products: Type.Array(Product), ...PageFields })
export type ProductPage = Static<typeof ProductPage>

export const Products = Type.Object({ products: Type.Array(Product) })
export type Products = Static<typeof Products>

export const TermParams = Type.Object({ term: Type.String({ minLength: 1, maxLength: 100 }) })
export type TermParams = Static<typeof TermParams>
export const NameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) })
export type NameParams = Static<typeof NameParams>
export const AddonQuery = Type.Object({
  tagName: Type.Optional(Type.String({ maxLength: 100 })),
  /** The product they are offered beside: only add-ons for its category (tag 'for:<category>') or for any product. */
  productId: Type.Optional(Type.String({ maxLength: 20 })),
  /** The cart's products, comma-separated: add-ons for any of their categories or for any goods; none beside a membership alone. */
  productIds: Type.Optional(Type.String({ maxLength: 500, pattern: '^\\d{1,9}(,\\d{1,9})*$' })),
  ...PagingQuery
})
export type AddonQuery = Static<typeof AddonQuery>
export const RelatedQuery = Type.Object(PagingQuery)
export type RelatedQuery = Static<typeof RelatedQuery>

/**
 * One option pair of a product (a SKU): its stock and what it sells at, named as the product's prices are: `price` (its
 * own, or the product's when it has none), `listPrice` (struck through) and `memberPrice` (what a member pays, when less).
 */
export const Variant = Type.Object({
  optionPair: Type.String(),
  available: Type.Integer(),
  price: Type.Integer(),
  listPrice: Type.Optional(Type.Integer()),
  memberPrice: Type.Optional(Type.Integer())
})
export type Variant = Static<typeof Variant>
/**
 * One block of a product's rich detail: a heading, a paragraph (plain text; line breaks kept) or an image (a store image
 * name or an https URL) with its caption. Structured data, never HTML: clients render it as text and images.
 */
export const DetailBlock = Type.Union([
  Type.Object({ kind: Type.Literal('heading'), text: Localized }),
  Type.Object({ kind: Type.Literal('paragraph'), text: Localized }),
  Type.Object({ kind: Type.Literal('image'), image: Type.String(), caption: Localized })
])
export type DetailBlock = Static<typeof DetailBlock>
export const ProductDetail = Type.Object({
  product: Product,
  variants: Type.Array(Variant),
  relatedProductIds: Type.Array(Type.String()),
  /** The product's rich detail in order (empty when it has none). */
  detail: Type.Array(DetailBlock)
})
export type ProductDetail = Static<typeof ProductDetail>

export const Category = Type.Object({
  name: Type.String(),
  nameContent: Localized,
  image: Type.String(),
  productCount: Type.Integer()
})
export type Category = Static<typeof Category>
export const Categories = Type.Object({ categories: Type.Array(Category) })
export type Categories = Static<typeof Categories>
/** The `:x` of productManagement/categories/:x is not read (clients send 'all'). */
export const CategoriesParams = Type.Object({ x: Type.String({ maxLength: 100 }) })
export type CategoriesParams = Static<typeof CategoriesParams>
/**
 * The heading of a category or tag list: its title (a category's own name when the operator set none; null for a tag
 * without one, which clients name by the tag), a short text and a banner image (a store image name), when set.
 */
export const ListHeading = Type.Object({ title: Nullable(Localized), blurb: Nullable(Localized), banner: Nullable(Type.String()) })
export type ListHeading = Static<typeof ListHeading>
export const CategoryPage = Type.Object({ category: Category, heading: ListHeading, products: Type.Array(Product), ...PageFields })
export type CategoryPage = Static<typeof CategoryPage>

export const Brand = Type.Object({ name: Type.String(), nameContent: Localized, productCount: Type.Integer() })
export type Brand = Static<typeof Brand>
export const Brands = Type.Object({ brands: Type.Array(Brand) })
export type Brands = Static<typeof Brands>

export const TagPage = Type.Object({ tag: Type.String(), count: Type.Integer(), heading: ListHeading, products: Type.Array(Product), ...PageFields })
export type TagPage = Static<typeof TagPage>

export const InventoryQuery = Type.Object({ optionPair: Type.Optional(Type.String({ maxLength: 200 })) })
export type InventoryQuery = Static<typeof InventoryQuery>
/** Stock of one option pair ('' for a product without options: its total stock). */
export const Inventory = Type.Object({ productId: Type.String(), optionPair: Type.String(), available: Type.Integer() })
export type Inventory = Static<typeof Inventory>

/**
 * Close matches for a search term that found nothing ("did you mean"), from the catalogue's own words in English and
 * Chinese; empty when nothing is close. Not in the spec: search help of the shopper walkthrough (issue 18).
 */
export const SearchSuggestions = Type.Object({ suggestions: Type.Array(Type.String()) })
export type SearchSuggestions = Static<typeof SearchSuggestions>
/** The terms shoppers searched most, normalised (lower case), most searched first, in one language (Chinese terms for zh). */
export const PopularSearches = Type.Object({ terms: Type.Array(Type.String()) })
/** The shopper's language; without it, the visitor's (their choice, else Accept-Language). */
export const PopularSearchesQuery = Type.Object({ locale: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('zh')])) })
export type PopularSearchesQuery = Static<typeof PopularSearchesQuery>
export type PopularSearches = Static<typeof PopularSearches>
export const POPULAR_SEARCHES_LIMIT = 8
