/** Order history calls (spec §7 Checkout and orders): list 10 at a time, count, detail, cancel, comment. */
import type { Localized } from './appInfo'
import { http } from './http'

/** Spec §9: order list page size 10, infinite load on. */
export const ORDER_PAGE_SIZE = 10

export interface OrderSummary {
  orderID: string
  status: string
  paymentStatus: string
  method: string
  localStoreName?: string | null
  total: number
  currency: string
  itemCount: number
  createdAt: string
}

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
}

export interface OrderComment {
  text: string
  createdAt: string
}

export interface OrderDetail extends OrderSummary {
  lineItems: OrderLine[]
  tableNumber?: string | null
  pickupDateTime?: string | null
  deliveryDateTime?: string | null
  subtotal: number
  discount: number
  tip: number
  tax: number
  shipping: number
  storeCredit: number
  customerComment?: string
  comments: OrderComment[]
  cancellable: boolean
  updatedAt?: string
  settledAt?: string | null
}

export const ordersApi = {
  list: (startingPosition: number) =>
    http.get<OrderSummary[]>('/admin/orderManagement/orders/list', {
      numberToLoad: ORDER_PAGE_SIZE,
      startingPosition,
      infiniteLoad: true
    }),
  count: () => http.get<{ count: number }>('/admin/orderManagement/orders/count'),
  detail: (orderID: string) => http.get<OrderDetail>(`/admin/orderManagement/order/${encodeURIComponent(orderID)}`),
  cancel: (orderID: string) => http.put<OrderDetail>(`/admin/orderManagement/cancelOrder/${encodeURIComponent(orderID)}`),
  addComment: (orderID: string, text: string) =>
    http.put<OrderDetail>(`/admin/orderManagement/addComment/${encodeURIComponent(orderID)}`, { text })
}
