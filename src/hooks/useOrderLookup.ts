/**
 * The guest order lookup (/orderlookup?order=…&ref=…): the receipt mail's link opens its order by the reference at
 * once; otherwise the number (prefilled from the link) with the checkout e-mail and phone find one guest order, shown
 * read-only. A miss or the limit is worded here in the shopper's language (the server says the same for every miss);
 * what was typed stays.
 */
import { useEffect, useState } from 'react'
import { ApiError } from '@/api/http'
import { ordersApi, type Order } from '@/api/orders'
import { lookupRefOf, orderNumberOf, validateOrderLookup, type OrderLookupValues } from '@/domain/orderLookup'
import type { MessageKey } from '@/i18n'
import { useAccountForm } from './useAccountForm'
import { useRoute } from './useRoute'
import { useT } from './useT'

const explain = (err: ApiError): MessageKey | null => (err.status === 404 ? 'lookup.miss' : err.status === 429 ? 'lookup.tooMany' : null)

export function useOrderLookup() {
  const t = useT()
  const { params } = useRoute()
  const ref = lookupRefOf(params.ref)
  const form = useAccountForm<OrderLookupValues>({ orderID: params.order ?? '', email: '', phone: '' }, validateOrderLookup, explain)
  const [order, setOrder] = useState<Order | null>(null)
  /** The link's own lookup: running, or why it found nothing (the form is shown then). */
  const [link, setLink] = useState<{ busy: boolean; error: string | null }>({ busy: ref !== null, error: null })
  useEffect(() => {
    if (!ref) return
    let live = true
    ordersApi.lookup({ ref }).then(
      (found) => live && (setOrder(found), setLink({ busy: false, error: null })),
      (err) => live && setLink({ busy: false, error: t(err instanceof ApiError && err.status === 429 ? 'lookup.tooMany' : 'lookup.linkMiss') })
    )
    return () => {
      live = false
    }
    // The link is read once, at the page's mount (useRoute).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const submit = () =>
    form.submit(async ({ orderID, email, phone }) => {
      setLink({ busy: false, error: null })
      setOrder(await ordersApi.lookup({ orderID: orderNumberOf(orderID) ?? orderID, email: email.trim(), phone: phone.trim() }))
    })
  /** Back to the form, with what was typed. */
  const again = () => setOrder(null)
  return { form, submit, order, again, linkBusy: link.busy, linkError: link.error }
}
