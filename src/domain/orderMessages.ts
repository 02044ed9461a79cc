/**
 * Which of the shop's order-message templates checkout asks the shopper to accept (issue 41 item 4): the confirmation,
 * the fulfilment message of the order's method (ready for pickup, or out for delivery) and the refund, in that order,
 * once each and at most 3 (wx.requestSubscribeMessage takes no more in one call). Pure: the platform asks
 * (platform.requestOrderMessages), the server sends (server/src/orders/platformMessages.ts).
 */
import type { OrderMethod } from '@contract/constants'

export interface OrderMessageTemplates {
  confirmed?: string
  readyForPickup?: string
  outForDelivery?: string
  refunded?: string
}

export const MAX_TEMPLATES_PER_ASK = 3

export function templatesToAsk(templates: OrderMessageTemplates | undefined, method: OrderMethod | ''): string[] {
  if (!templates) return []
  const fulfilment = method === 'DELIVERY' ? templates.outForDelivery : method === 'PICKUP' ? templates.readyForPickup : undefined
  const ids = [templates.confirmed, fulfilment, templates.refunded].filter((id): id is string => !!id)
  return [...new Set(ids)].slice(0, MAX_TEMPLATES_PER_ASK)
}
