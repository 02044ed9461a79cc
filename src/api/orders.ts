/** Order history calls (spec §7 Checkout and orders): list 10 at a time, count, a customer's newest orders, detail, cancel, comment. Types: contract/orders.ts. */
import type { Count } from '@contract/common'
import type { CustomerOrders, Order, OrderLookupBody, OrderPage } from '@contract/orders'
import type { WeChatReceipt } from '@contract/wechatReceipt'
import { orderListQuery } from '@shared/productQuery'
import { http } from './http'

export type { Order, OrderComment, OrderLine, OrderPage } from '@contract/orders'

export const ordersApi = {
  list: (startingPosition: number) =>
    http.get<OrderPage>('/admin/orderManagement/orders/list', orderListQuery(startingPosition)),
  count: () => http.get<Count>('/admin/orderManagement/orders/count'),
  /** The newest `numberToLoad` orders of the signed-in customer `userID` (my account's recent orders). */
  customer: (userID: string, numberToLoad: number) =>
    http.get<CustomerOrders>(`/admin/orderManagement/customer/${encodeURIComponent(userID)}/orders`, { numberToLoad, startingPosition: 0 }),
  /** One order of this visitor, guest or signed in (the session's own orders): what the confirmation page shows. */
  placed: (orderID: string) => http.get<Order>(`/common3/orders/${encodeURIComponent(orderID)}`),
  /**
   * A guest order, read-only: by the receipt link's reference (`{ ref }`), or by its number with the e-mail and the
   * phone given at checkout (`{ orderID, email, phone }`). An account's order is never found here (My orders).
   */
  lookup: (query: OrderLookupBody) => http.post<Order>('/common3/orderLookup', query),
  detail: (orderID: string) => http.get<Order>(`/admin/orderManagement/order/${encodeURIComponent(orderID)}`),
  cancel: (orderID: string) => http.put<Order>(`/admin/orderManagement/cancelOrder/${encodeURIComponent(orderID)}`),
  addComment: (orderID: string, comment: string) =>
    http.put<Order>(`/admin/orderManagement/addComment/${encodeURIComponent(orderID)}`, { comment }),
  /** The order a WeChat shipping message opens, by the payment number WeChat appends (merchant_trade_no): the shopper's own, else 404. */
  ofPayment: (merchantTradeNo: string) => http.get<Order>(`/admin/orderManagement/orderOfPayment/${encodeURIComponent(merchantTradeNo)}`),
  /** Where the receipt of an order paid in the WeChat mini-program stands (404: outside WeChat's order-shipping service). */
  weChatReceipt: (orderID: string) => http.get<WeChatReceipt>(`/admin/orderManagement/order/${encodeURIComponent(orderID)}/weChatReceipt`),
  /** After WeChat's confirm-receipt component said success: the server asks WeChat and records what it says. */
  checkWeChatReceipt: (orderID: string) => http.post<WeChatReceipt>(`/admin/orderManagement/order/${encodeURIComponent(orderID)}/weChatReceipt/check`)
}
