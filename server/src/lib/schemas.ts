/** Shared JSON schemas (TypeBox) for requests and responses. Response objects stay open
 *  (additionalProperties) so documented extra fields pass through the serializer. */
import { Type, type TSchema, type TProperties } from '@sinclair/typebox';

export { Type };
export const obj = <T extends TProperties>(p: T) => Type.Object(p, { additionalProperties: true });
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
export const Bilingual = Type.Object({ en: Type.String(), zh: Type.String() }, { additionalProperties: true });
export const Any = Type.Any();
export const AnyObject = Type.Object({}, { additionalProperties: true });

export const ErrorBody = Type.Object({ message: Type.String(), errors: Type.Array(Type.String()) });

export const ProductSchema = obj({
  id: Type.String(),
  name: Type.String(),
  nameContent: Bilingual,
  description: Type.String(),
  descriptionContent: Bilingual,
  category: Type.String(),
  categoryContent: Bilingual,
  brand: Type.String(),
  tags: Type.Array(Type.String()),
  clearance: Type.Boolean(),
  price: Type.Integer(),
  listPrice: Type.Optional(Type.Integer()),
  currency: Type.String(),
  images: Type.Array(Type.String()),
  stock: Type.Integer(),
  soldOut: Type.Boolean(),
  options: Type.Array(AnyObject),
  createdAt: Type.String(),
});

export const StoreLocationSchema = obj({
  id: Type.String(),
  display: Type.Boolean(),
  virtual: Type.Boolean(),
  localStoreName: Type.String(),
  localStoreNameContent: Bilingual,
  address: obj({ streetNumberAndNameDetails: Type.String(), city: Type.String(), province: Type.String(), postCode: Type.String() }),
});

export const LineItemSchema = obj({
  itemKey: Type.String(), productId: Type.String(), name: Type.String(), nameContent: Bilingual, image: Nullable(Type.String()),
  optionPair: Type.String(), optionLabels: Type.Array(Bilingual), quantity: Type.Integer(), unitPrice: Type.Integer(), lineTotal: Type.Integer(),
  addOn: Type.Boolean(), available: Type.Integer(),
});

export const CartSchema = obj({
  itemCount: Type.Integer(),
  lineItems: Type.Record(Type.String(), LineItemSchema),
  currency: Type.String(),
  subtotal: Type.Integer(), discount: Type.Integer(), tip: Type.Integer(), storeCredit: Type.Integer(),
  tax: Type.Integer(), shipping: Type.Integer(), total: Type.Integer(),
  coupon: Nullable(obj({ code: Type.String(), description: Type.String() })),
  orderMethod: Nullable(Type.String()),
  checkout: AnyObject,
});

export const OrderSchema = obj({
  orderID: Type.String(), status: Type.String(), paymentStatus: Type.String(), method: Type.String(),
  localStoreName: Nullable(Type.String()), tableNumber: Nullable(Type.String()),
  contact: Nullable(AnyObject), delivery: Nullable(AnyObject),
  pickupDateTime: Nullable(Type.String()), deliveryDateTime: Nullable(Type.String()),
  lines: Type.Array(AnyObject),
  subtotal: Type.Integer(), discount: Type.Integer(), tip: Type.Integer(), tax: Type.Integer(), shipping: Type.Integer(),
  storeCredit: Type.Integer(), total: Type.Integer(), currency: Type.String(), customerComment: Type.String(),
  comments: Type.Array(obj({ text: Type.String(), createdAt: Type.String() })),
  cancellable: Type.Boolean(), createdAt: Type.String(), storeName: Type.String(),
});

/** Paging query: numberToLoad 1..100 (default 12), startingPosition >= 0 (default 0). */
export const Paging = {
  numberToLoad: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  startingPosition: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  infiniteLoad: Type.Optional(Type.Boolean()),
};

export const OkSchema = obj({ ok: Type.Boolean() });
