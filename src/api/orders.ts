/** Order history calls (spec §7 Checkout and orders): list 10 at a time, count, detail, cancel, comment. */
import type { Localized } from './appInfo'
import { http } from './http'

/** Spec §9: order list page size 10, infinite load on. */
export const ORDER_PAGE_SIZE = 10

export interface OrderLine {
  itemKey: string
  productId: string
  name: string
  nameContent?: Localized
  image?: string | null
  optionPair?: string
  quantity: number
  unitPrice: number
  lineTotal: number
  addOn?: boolean
}

export interface OrderComment {
  text: string
  createdAt: string
}

/** An order as the server shows it to its owner; money in minor units of `currency`. */
export interface Order {
  orderID: string
  status: string
  paymentStatus: string
  method: string
  localStoreId?: string | null
  localStoreName: string | null
  tableNumber: string | null
  contact: Record<string, unknown> | null
  delivery: Record<string, unknown> | null
  pickupDateTime: string | null
  deliveryDateTime: string | null
  lines: OrderLine[]
  subtotal: number
  discount: number
  tip: number
  tax: number
  shipping: number
  storeCredit: number
  total: number
  currency: string
  customerComment: string
  comments: OrderComment[]
  cancellable: boolean
  createdAt: string
  storeName: string
}

export interface OrderPage {
  orders: Order[]
  startingPosition: number
  numberToLoad: number
  hasMore: boolean
}

export const ordersApi = {
  list: (startingPosition: number) =>
    http.get<OrderPage>('/admin/orderManagement/orders/list', {
      numberToLoad: ORDER_PAGE_SIZE,
      startingPosition,
      infiniteLoad: true
    }),
  count: () => http.get<{ count: number }>('/admin/orderManagement/orders/count'),
  /** One order of this visitor, guest or signed in (the session's own orders): what the confirmation page shows. */
  placed: (orderID: string) => http.get<Order>(`/common3/orders/${encodeURIComponent(orderID)}`),
  detail: (orderID: string) => http.get<Order>(`/admin/orderManagement/order/${encodeURIComponent(orderID)}`),
  cancel: (orderID: string) => http.put<Order>(`/admin/orderManagement/cancelOrder/${encodeURIComponent(orderID)}`),
  addComment: (orderID: string, comment: string) =>
    http.put<Order>(`/admin/orderManagement/addComment/${encodeURIComponent(orderID)}`, { comment })
}
