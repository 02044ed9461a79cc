/**
 * The guest order lookup (/orderlookup?order=…): the number (prefilled from the receipt's link) and the checkout
 * e-mail or phone find one order, shown read-only. A miss or the limit is worded here in the shopper's language (the
 * server says the same for a wrong number and a wrong e-mail); what was typed stays.
 */
import { useState } from 'react'
import { ordersApi, type Order } from '@/api/orders'
import { orderNumberOf, validateOrderLookup, type OrderLookupValues } from '@/domain/orderLookup'
import { useAccountForm } from './useAccountForm'
import { useRoute } from './useRoute'

export function useOrderLookup() {
  const { params } = useRoute()
  const form = useAccountForm<OrderLookupValues>({ orderID: params.order ?? '', contact: '' }, validateOrderLookup, (err) =>
    err.status === 404 ? 'lookup.miss' : err.status === 429 ? 'lookup.tooMany' : null
  )
  const [order, setOrder] = useState<Order | null>(null)
  const submit = () =>
    form.submit(async ({ orderID, contact }) => {
      setOrder(await ordersApi.lookup(orderNumberOf(orderID) ?? orderID, contact.trim()))
    })
  /** Back to the form, with what was typed. */
  const again = () => setOrder(null)
  return { form, submit, order, again }
}
