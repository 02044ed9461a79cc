/**
 * The back office's products (issue 43): search, a product's page, its price (owner: catalog.edit), its stock per
 * option combination (owner and staff: stock.edit), photos uploaded with the catalogue importer's checks (owner), and
 * the catalogue file exported and imported through the importer (owner). Prices in minor units of the store currency.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Localized, Nullable, StringEnum } from './common.ts'

export const AdminProductQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 }))
})
export type AdminProductQuery = Static<typeof AdminProductQuery>

export const AdminProductRow = Type.Object({
  id: Type.String(),
  sku: Nullable(Type.String()),
  name: Localized,
  price: Type.Integer(),
  currency: Type.String(),
  /** The first photo's name (served under /api/istore/client/common3/image/), or null. */
  image: Nullable(Type.String()),
  /** Units in stock over every option combination. */
  stock: Type.Integer(),
  /** Option combinations with none left. */
  soldOut: Type.Integer()
})
export const AdminProductList = Type.Object({ items: Type.Array(AdminProductRow), total: Type.Integer() })
export type AdminProductList = Static<typeof AdminProductList>

export const AdminProductId = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,9}$' }) })
export type AdminProductId = Static<typeof AdminProductId>

/** One option combination ('' for a product without options) and its stock. */
export const AdminVariant = Type.Object({
  combination: Type.String(),
  /** The combination as a shopper reads it ('Red, M' / '红色, 中号'). */
  label: Localized,
  sku: Nullable(Type.String()),
  stock: Type.Integer(),
  /** Its own price and struck-through price (null: it sells at the product's; issue 37 item 5). */
  price: Nullable(Type.Integer()),
  listPrice: Nullable(Type.Integer())
})
export const AdminProduct = Type.Object({
  id: Type.String(),
  sku: Nullable(Type.String()),
  name: Localized,
  category: Type.String(),
  brand: Type.String(),
  price: Type.Integer(),
  listPrice: Nullable(Type.Integer()),
  currency: Type.String(),
  images: Type.Array(Type.String()),
  variants: Type.Array(AdminVariant)
})
export type AdminProduct = Static<typeof AdminProduct>

/** PUT products/:id/price (owner): the product's price, in minor units. */
export const AdminPriceBody = Type.Object({ price: Type.Integer({ minimum: 0, maximum: 100_000_000 }) })
export type AdminPriceBody = Static<typeof AdminPriceBody>

/**
 * PUT products/:id/variant-price (owner): one combination's own price and struck-through price, in minor units; price
 * null: it sells at the product's again (and has no list price of its own).
 */
export const AdminVariantPriceBody = Type.Object({
  combination: Type.String({ minLength: 1, maxLength: 200 }),
  price: Nullable(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
  listPrice: Nullable(Type.Integer({ minimum: 0, maximum: 100_000_000 }))
})
export type AdminVariantPriceBody = Static<typeof AdminVariantPriceBody>

/** PUT products/:id/stock: one combination's stock (the combination as the product page lists it, '' without options). */
export const AdminStockBody = Type.Object({
  combination: Type.String({ maxLength: 200 }),
  stock: Type.Integer({ minimum: 0, maximum: 1_000_000 })
})
export type AdminStockBody = Static<typeof AdminStockBody>

/** POST products/:id/photos (owner): an image file's bytes, base64; checked and resized as the catalogue importer does. */
export const AdminPhotoBody = Type.Object({ data: Type.String({ minLength: 1, maxLength: 28_000_000 }) })
export type AdminPhotoBody = Static<typeof AdminPhotoBody>

/** PUT products/:id/photos (owner): the product's photos, in order: the stored ones it keeps (a name left out is no longer shown). */
export const AdminPhotosBody = Type.Object({ images: Type.Array(Type.String({ maxLength: 500 }), { maxItems: 30 }) })
export type AdminPhotosBody = Static<typeof AdminPhotosBody>

export const CATALOG_FILE_FORMATS = ['csv', 'json'] as const
export const AdminCatalogExportQuery = Type.Object({ format: StringEnum(CATALOG_FILE_FORMATS) })
export type AdminCatalogExportQuery = Static<typeof AdminCatalogExportQuery>
/** The catalogue file (`npm run catalog -- export`'s), as text. */
export const AdminCatalogFile = Type.Object({ format: StringEnum(CATALOG_FILE_FORMATS), name: Type.String(), text: Type.String() })
export type AdminCatalogFile = Static<typeof AdminCatalogFile>

/** POST products/import (owner): a catalogue file, checked whole; dryRun checks and counts and changes nothing. Images are named by URL or stored photo. */
export const AdminCatalogImportBody = Type.Object({
  format: StringEnum(CATALOG_FILE_FORMATS),
  text: Type.String({ minLength: 1, maxLength: 10_000_000 }),
  dryRun: Type.Boolean()
})
export type AdminCatalogImportBody = Static<typeof AdminCatalogImportBody>
export const AdminCatalogImported = Type.Object({
  dryRun: Type.Boolean(),
  productsAdded: Type.Integer(),
  productsUpdated: Type.Integer(),
  combinations: Type.Integer(),
  categoriesAdded: Type.Integer(),
  brandsAdded: Type.Integer(),
  photosAdded: Type.Integer()
})
export type AdminCatalogImported = Static<typeof AdminCatalogImported>
