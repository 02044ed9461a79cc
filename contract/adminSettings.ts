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
import { HeaderControl, MenuItem, SocialConfig } from './appInfo.ts'
import { Section } from './content.ts'

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

/**
 * PUT settings/menus: the header, side and footer menus (navigation of the shop file), each the whole list, entries two
 * levels deep. A link is what the spec's link mapping reads (shared/linkMapping.ts): `page/about`, `products/Tea`,
 * `productlist?cat=Tea&sort=name`, `tag/new`, `brand/Name`, `product/1020`, `clearance`, `search`, `blog`, `contact`, an
 * https address (EXTERNAL_LINK) or `tel:`; one that leads nowhere is refused on its path (`navigation.headerMenu[1].link`).
 */
export const AdminMenusBody = Type.Object({
  headerMenu: Type.Array(MenuItem, { maxItems: 50 }),
  sideMenu: Type.Array(MenuItem, { maxItems: 50 }),
  footerMenu: Type.Array(MenuItem, { maxItems: 50 })
})
export type AdminMenusBody = Static<typeof AdminMenusBody>

export const AdminMenusSettings = Type.Object({
  ...AdminMenusBody.properties,
  /** The shop's pages, which a `page/<name>` link may open. */
  pages: Type.Array(Type.Object({ name: Type.String(), title: Localized }))
})
export type AdminMenusSettings = Static<typeof AdminMenusSettings>

/** A content page (pages[] of the shop file): its address /<name>, its title and body (HTML, sanitised when served) in en and zh. */
export const AdminPage = Type.Object({
  name: Text(60),
  title: Type.Object({ en: Text(120), zh: Text(120) }),
  content: Type.Object({ en: Text(100_000), zh: Text(100_000) })
})
export type AdminPage = Static<typeof AdminPage>

/** PUT settings/pages: the whole list (a page left out is removed; a menu still linking to it is refused). */
export const AdminPagesBody = Type.Object({ pages: Type.Array(AdminPage, { maxItems: 200 }) })
export type AdminPagesBody = Static<typeof AdminPagesBody>
export const AdminPagesSettings = AdminPagesBody
export type AdminPagesSettings = AdminPagesBody

/**
 * PUT settings/home: the home template's sections in the order the home page shows them (sections.home of the shop
 * file): banners with their slides, rows of featured categories, product rows by tag, the live rooms' entry.
 */
export const AdminHomeBody = Type.Object({ sections: Type.Array(Section, { maxItems: 50 }) })
export type AdminHomeBody = Static<typeof AdminHomeBody>
export const AdminHomeSettings = AdminHomeBody
export type AdminHomeSettings = AdminHomeBody

/** PUT settings/social: the social links of the footer and side menu (social) and where the header is hidden (headerControl). */
export const AdminSocialBody = Type.Object({ social: SocialConfig, headerControl: HeaderControl })
export type AdminSocialBody = Static<typeof AdminSocialBody>
export const AdminSocialSettings = AdminSocialBody
export type AdminSocialSettings = AdminSocialBody
