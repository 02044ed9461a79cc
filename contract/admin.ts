/**
 * The back office's API (issue 43): /api/istore/admin/..., for the shop's staff, never for shoppers. Its own session
 * (cookie istore_admin_session) and XSRF token (cookie XSRF-ADMIN, echoed in the X-XSRF-ADMIN header on every method
 * but GET), both scoped to /api/istore/admin; a shopper's cookies grant nothing here. Every call but the session and
 * sign-in needs a signed-in staff member whose role holds the call's permission (owner: all; staff: orders, stock,
 * reviews). Answers are never cached (no-store). Behaviour: server/CONTRACT.md "Back office".
 */
import { Type, type Static } from '@sinclair/typebox'
import { Localized, Nullable, StringEnum } from './common.ts'
import { ORDER_METHODS } from './constants.ts'
import { ORDER_AMOUNTS, ORDER_STATUSES } from './orders.ts'

export const ADMIN_PREFIX = '/api/istore/admin'
export const ADMIN_SESSION_COOKIE = 'istore_admin_session'
export const ADMIN_XSRF_COOKIE = 'XSRF-ADMIN'
export const ADMIN_XSRF_HEADER = 'x-xsrf-admin'

export const STAFF_ROLES = ['owner', 'staff'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]
/** What a role may do (server/src/features/admin/roles.ts says which role holds which). */
export const ADMIN_PERMISSIONS = [
  'orders.read', 'orders.move', 'orders.refund', 'stock.edit', 'reviews.decide', 'staff.manage', 'activity.read', 'settings.edit',
  'catalog.edit',
  'totp.manage', 'promotions.edit', 'blog.edit', 'attention.handle'
] as const
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number]
/** The store's moves of an order (server/src/orders/stateTable.ts, the lifecycle's state table). */
export const ADMIN_MOVES = ['ready', 'out-for-delivery', 'completed', 'cancelled'] as const
export type AdminMove = (typeof ADMIN_MOVES)[number]

export const AdminStaff = Type.Object({
  email: Type.String(),
  name: Type.String(),
  role: StringEnum(STAFF_ROLES)
})
export type AdminStaff = Static<typeof AdminStaff>

/** GET session: who is signed in (null: nobody), what they may do, and the XSRF token to echo (the app cannot read the path-scoped cookie). */
export const AdminSession = Type.Object({
  staff: Nullable(AdminStaff),
  permissions: Type.Array(StringEnum(ADMIN_PERMISSIONS)),
  xsrfToken: Type.String(),
  /** The password was right and a second step is due: a code from the authenticator app, or a recovery code (POST signin/code). */
  secondStep: Type.Optional(Type.Boolean()),
  /** The signed-in staff member signs in with an authenticator code too. */
  totp: Type.Optional(Type.Boolean())
})
export type AdminSession = Static<typeof AdminSession>

export const AdminSignIn = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 200 })
})
export type AdminSignIn = Static<typeof AdminSignIn>

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 })
const StoreId = Type.String({ minLength: 1, maxLength: 40 })

/** GET orders/today: the day's orders (default today in the store's time zone), one store and method if named. */
export const AdminDayQuery = Type.Object({
  date: Type.Optional(Day),
  store: Type.Optional(StoreId),
  method: Type.Optional(StringEnum(ORDER_METHODS))
})
export type AdminDayQuery = Static<typeof AdminDayQuery>

export const AdminDayOrder = Type.Object({
  orderID: Type.String(),
  store: Nullable(Type.String()),
  method: StringEnum(ORDER_METHODS),
  due: Nullable(Type.String()),
  status: StringEnum(ORDER_STATUSES),
  paymentStatus: Type.String(),
  customer: Type.String(),
  items: Type.Integer(),
  total: Type.Integer(),
  currency: Type.String()
})
export type AdminDayOrder = Static<typeof AdminDayOrder>

/** One store and method's count of the day (`open`: still to hand over). */
export const AdminDayCount = Type.Object({
  store: Nullable(Type.String()),
  method: StringEnum(ORDER_METHODS),
  total: Type.Integer(),
  open: Type.Integer()
})
export type AdminDayCount = Static<typeof AdminDayCount>

export const AdminDayOrders = Type.Object({
  day: Type.String(),
  counts: Type.Array(AdminDayCount),
  orders: Type.Array(AdminDayOrder)
})
export type AdminDayOrders = Static<typeof AdminDayOrders>

export const AdminPickQuery = Type.Object({ date: Type.Optional(Day), store: Type.Optional(StoreId) })
export type AdminPickQuery = Static<typeof AdminPickQuery>
export const AdminPickLine = Type.Object({
  store: Nullable(Type.String()),
  productId: Type.String(),
  name: Type.String(),
  options: Type.String(),
  quantity: Type.Integer(),
  orderIDs: Type.Array(Type.String())
})
export const AdminPickList = Type.Object({ day: Type.String(), lines: Type.Array(AdminPickLine) })
export type AdminPickList = Static<typeof AdminPickList>

export const AdminOrderId = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,9}$' }) })
export type AdminOrderId = Static<typeof AdminOrderId>

export const AdminOrderLine = Type.Object({
  productId: Type.String(),
  name: Localized,
  options: Type.String(),
  quantity: Type.Integer(),
  unitPrice: Type.Integer(),
  lineTotal: Type.Integer()
})
export const AdminOrderPayment = Type.Object({
  id: Type.String(),
  channel: Type.String(),
  status: Type.String(),
  amount: Type.Integer(),
  createdAt: Type.String()
})
export const AdminOrderRefund = Type.Object({
  id: Type.String(),
  amount: Type.Integer(),
  status: Type.String(),
  reason: Type.String(),
  createdAt: Type.String()
})
/** One change of the order's state: the store's moves (by whom), the provider's word. */
export const AdminOrderEvent = Type.Object({
  at: Type.String(),
  actor: Type.String(),
  from: Type.String(),
  to: Type.String(),
  note: Type.String()
})
export const AdminOrderContact = Type.Object({
  name: Type.String(),
  email: Type.String(),
  phone: Type.String()
})

/** An order's page: lines, shopper, payment, history, and what the store may do with it now. */
export const AdminOrder = Type.Object({
  orderID: Type.String(),
  status: StringEnum(ORDER_STATUSES),
  paymentStatus: Type.String(),
  method: StringEnum(ORDER_METHODS),
  store: Nullable(Type.String()),
  storeName: Nullable(Type.String()),
  due: Nullable(Type.String()),
  createdAt: Type.String(),
  contact: Nullable(AdminOrderContact),
  deliveryAddress: Nullable(Type.String()),
  comment: Type.String(),
  lines: Type.Array(AdminOrderLine),
  ...ORDER_AMOUNTS,
  refunded: Type.Integer(),
  /** Minor units still refundable (0 when the order was not paid or is refunded in full). */
  refundable: Type.Integer(),
  currency: Type.String(),
  payments: Type.Array(AdminOrderPayment),
  refunds: Type.Array(AdminOrderRefund),
  history: Type.Array(AdminOrderEvent),
  /** The moves allowed now (server/src/orders/stateTable.ts allowedMoves). */
  moves: Type.Array(StringEnum(ADMIN_MOVES))
})
export type AdminOrder = Static<typeof AdminOrder>

export const AdminMoveBody = Type.Object({
  move: StringEnum(ADMIN_MOVES),
  note: Type.Optional(Type.String({ maxLength: 300 }))
})
export type AdminMoveBody = Static<typeof AdminMoveBody>

/**
 * A refund: `amount` in minor units (absent: all that is left); `key` chosen by the screen once per refund it shows,
 * so a repeated click or retried request refunds once.
 */
export const AdminRefundBody = Type.Object({
  amount: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
  reason: Type.String({ minLength: 1, maxLength: 300 }),
  key: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' })
})
export type AdminRefundBody = Static<typeof AdminRefundBody>
export const AdminRefundDone = Type.Object({
  refund: AdminOrderRefund,
  /** True when this key had refunded already: nothing new was done. */
  repeated: Type.Boolean(),
  order: AdminOrder
})
export type AdminRefundDone = Static<typeof AdminRefundDone>

export const AdminActivityQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  before: Type.Optional(Type.Integer({ minimum: 1 }))
})
export type AdminActivityQuery = Static<typeof AdminActivityQuery>
export const AdminActivityItem = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  actor: Type.String(),
  action: Type.String(),
  subject: Type.String(),
  detail: Type.String()
})
export const AdminActivity = Type.Object({ items: Type.Array(AdminActivityItem) })
export type AdminActivity = Static<typeof AdminActivity>

export const AdminStaffMember = Type.Object({
  email: Type.String(),
  name: Type.String(),
  role: StringEnum(STAFF_ROLES),
  locked: Type.Boolean(),
  disabled: Type.Boolean(),
  lastLoginAt: Nullable(Type.String())
})
export const AdminStaffList = Type.Object({ staff: Type.Array(AdminStaffMember) })
export type AdminStaffList = Static<typeof AdminStaffList>

/** POST staff (owner): invite someone; the invitation mail (in `locale`) links to /admin/accept to choose a password. */
export const AdminInvite = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
  role: StringEnum(STAFF_ROLES),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  locale: StringEnum(['en', 'zh'] as const)
})
export type AdminInvite = Static<typeof AdminInvite>

/** POST invitation/accept: the invitation's token (from the mail's link) and the password the person chooses. */
export const AdminAccept = Type.Object({
  token: Type.String({ minLength: 10, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 200 })
})
export type AdminAccept = Static<typeof AdminAccept>
export const AdminAccepted = Type.Object({ email: Type.String() })
export type AdminAccepted = Static<typeof AdminAccepted>

/** POST signin/code: the second step of a sign-in, a 6-digit code from the authenticator app or a recovery code. */
export const AdminSignInCode = Type.Object({ code: Type.String({ minLength: 6, maxLength: 20 }) })
export type AdminSignInCode = Static<typeof AdminSignInCode>
/** POST totp/setup (owner): a new secret to enrol, as the otpauth:// URI an authenticator app scans and as text. */
export const AdminTotpSetup = Type.Object({ secret: Type.String(), uri: Type.String() })
export type AdminTotpSetup = Static<typeof AdminTotpSetup>
/** POST totp/confirm: a code from the secret being enrolled turns the second step on and answers the recovery codes, once. */
export const AdminTotpCode = Type.Object({ code: Type.String({ minLength: 6, maxLength: 20 }) })
export type AdminTotpCode = Static<typeof AdminTotpCode>
export const AdminTotpRecovery = Type.Object({ recoveryCodes: Type.Array(Type.String()) })
export type AdminTotpRecovery = Static<typeof AdminTotpRecovery>
export const AdminTotpState = Type.Object({ totp: Type.Boolean(), recoveryCodesLeft: Type.Integer() })
export type AdminTotpState = Static<typeof AdminTotpState>
