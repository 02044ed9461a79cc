/** Building blocks every area of the contract uses. */
import { Type, type Static, type TSchema } from '@sinclair/typebox'

/** A text in each language of the store (names, descriptions, titles). */
export const Localized = Type.Object({ en: Type.String(), zh: Type.String() })
export type Localized = Static<typeof Localized>

/**
 * Text the operator writes in the store's settings (menus, tabs, banners): a language may be missing, and clients then
 * show the item's plain name.
 */
export const OperatorText = Type.Partial(Localized)
export type OperatorText = Static<typeof OperatorText>

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/** A string that is one of `values`, as a JSON-schema enum. */
export const StringEnum = <const T extends readonly string[]>(values: T, options: { description?: string } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options })

/** Every 4xx/5xx answer: `message` is the first of `errors`, each a sentence for the shopper. */
export const ErrorBody = Type.Object({ message: Type.String(), errors: Type.Array(Type.String()) })
export type ErrorBody = Static<typeof ErrorBody>

export const Ok = Type.Object({ ok: Type.Boolean() })
export type Ok = Static<typeof Ok>

/** A call that takes no input: no body, or an empty JSON object. */
export const NoBody = Type.Union([Type.Null(), Type.Object({})])
export type NoBody = Static<typeof NoBody>
export const Count = Type.Object({ count: Type.Integer({ minimum: 0 }) })
export type Count = Static<typeof Count>

/** Paging query: numberToLoad 1..100 (default 12), startingPosition >= 0 (default 0). */
export const PagingQuery = {
  numberToLoad: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  startingPosition: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  infiniteLoad: Type.Optional(Type.Boolean())
}
/** Paging fields of a page answer; `hasMore` is the server's word on whether another page exists. */
export const PageFields = {
  startingPosition: Type.Integer({ minimum: 0 }),
  numberToLoad: Type.Integer({ minimum: 1 }),
  hasMore: Type.Boolean()
}

/** A numeric id in a path (products, orders). */
export const IdParam = Type.Object({ id: Type.String({ maxLength: 20 }) })
export type IdParam = Static<typeof IdParam>

/** A body of text (HTML page, SVG image): documented by the schema, sent as is. */
export const TextBody = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: Type.String() } }
})

/** GET health: the database answers. */
export const Health = Ok
export type Health = Static<typeof Health>
/** GET ready: the database answers and every migration this server knows is applied (else 503 with the reason). */
export const Ready = Ok
export type Ready = Static<typeof Ready>
/** GET bench/floor: a constant answer, the benchmark's floor (framework cost without any work). */
export const BenchFloor = Type.Object({ ok: Type.Boolean(), name: Type.String(), items: Type.Array(Type.Integer()) })
export type BenchFloor = Static<typeof BenchFloor>
/** GET openapi.json: this contract as an OpenAPI 3.1 document (also committed as contract/openapi.json). */
export const OpenApiDocument = Type.Object({
  openapi: Type.String(),
  info: Type.Object({ title: Type.String(), version: Type.String(), description: Type.String() }),
  servers: Type.Array(Type.Object({ url: Type.String() })),
  paths: Type.Record(Type.String(), Type.Unknown()),
  components: Type.Object({
    schemas: Type.Record(Type.String(), Type.Unknown()),
    securitySchemes: Type.Record(Type.String(), Type.Unknown())
  })
})
export type OpenApiDocument = Static<typeof OpenApiDocument>
