/**
 * The back office's settings (issue 43, owner only: permission settings.edit), as forms over the shop file's model
 * (server/src/shop/schema.ts): the store locations with the pickup and delivery hours, and the delivery areas. A save
 * is the shop file of the store with these parts changed, checked by the same schema and rules as `npm run shop --
 * apply` and applied by the same code. The bodies here only bound sizes: the shop file's schema and rules decide, and
 * a refusal (400) names each problem as `JSON path: why` (`storeLocations[1].address.province: XX is not a province of
 * CA`, `checkout.pickup.closeTime: 08:00 is not after the opening time 09:00`) so the screen can show it on its field.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Localized, Nullable } from './common.ts'

const Text = (max: number) => Type.String({ maxLength: max })

/** A store location as the shop file has it (storeLocations[]). */
export const AdminLocation = Type.Object({
  id: Text(40),
  display: Type.Boolean(),
  virtual: Type.Boolean(),
  name: Type.Object({ en: Text(200), zh: Text(200) }),
  address: Type.Object({ street: Text(200), city: Text(200), province: Text(10), postCode: Text(40), country: Text(10) }),
  landingPageUrl: Text(500)
})
export type AdminLocation = Static<typeof AdminLocation>

/** When orders of a kind may be booked (checkout.pickup / checkout.delivery of the shop file), in the shop's time zone. */
export const AdminHours = Type.Object({
  openTime: Text(10),
  closeTime: Text(10),
  slotMinutes: Type.Integer({ minimum: 0, maximum: 100_000 }),
  leadTimeMinutes: Type.Integer({ minimum: 0, maximum: 100_000 }),
  daysAhead: Type.Integer({ minimum: 0, maximum: 1000 })
})
export type AdminHours = Static<typeof AdminHours>

/** The countries and provinces of the shop file: what a location's or delivery area's country and province are chosen from. */
export const AdminCountry = Type.Object({
  code: Type.String(),
  name: Localized,
  provinces: Type.Array(Type.Object({ code: Type.String(), name: Localized }))
})

/** PUT settings/locations: the whole list of locations (a location left out is removed), the hours and the time zone. */
export const AdminLocationsBody = Type.Object({
  storeLocations: Type.Array(AdminLocation, { maxItems: 200 }),
  timeZone: Text(64),
  pickup: AdminHours,
  delivery: AdminHours
})
export type AdminLocationsBody = Static<typeof AdminLocationsBody>

export const AdminLocationsSettings = Type.Object({
  ...AdminLocationsBody.properties,
  countries: Type.Array(AdminCountry)
})
export type AdminLocationsSettings = Static<typeof AdminLocationsSettings>

/** A delivery area (deliveryAreas[] of the shop file): a province, and the cities of it delivered to (none: all). */
export const AdminDeliveryArea = Type.Object({
  country: Text(10),
  province: Text(10),
  cities: Type.Array(Type.Object({ en: Text(200), zh: Nullable(Text(200)) }), { maxItems: 500 })
})
export type AdminDeliveryArea = Static<typeof AdminDeliveryArea>

/** PUT settings/delivery-areas: the whole list (an area left out is removed). */
export const AdminDeliveryAreasBody = Type.Object({ deliveryAreas: Type.Array(AdminDeliveryArea, { maxItems: 500 }) })
export type AdminDeliveryAreasBody = Static<typeof AdminDeliveryAreasBody>

export const AdminDeliveryAreasSettings = Type.Object({
  deliveryAreas: Type.Array(AdminDeliveryArea),
  countries: Type.Array(AdminCountry)
})
export type AdminDeliveryAreasSettings = Static<typeof AdminDeliveryAreasSettings>

/** A save's outcome: what changed, one line each as `npm run shop -- apply` prints them (none: it was so already). */
export const AdminSettingsSaved = Type.Object({ changes: Type.Array(Type.String()) })
export type AdminSettingsSaved = Static<typeof AdminSettingsSaved>
