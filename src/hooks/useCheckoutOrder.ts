/**
 * Placing the order: validate, send the draft (method, slot, delivery address, contact, comment), take the server's
 * final billing, reserve, then settle pay-at-store, pay with store credit alone, or hand over to the platform's
 * payment (pay from @/payment/pay). Any failure leaves the form as it is, with the message.
 */
import { useCallback, useState } from 'react'
import type { CheckoutCart, CheckoutConfig, OrderMethod } from '@/api/checkout'
import { checkoutApi } from '@/api/checkout'
import { contactToSend, payAtStoreAllowed, validate, type ValidationOptions } from '@/domain/checkoutForm'
import { templatesToAsk } from '@/domain/orderMessages'
import { messageOf } from '@/domain/errors'
import type { PaymentMethod } from '@/domain/paymentMethods'
import { platform, type H5PaymentChannel } from '@/platform'
import { pay } from '@/payment/pay'
import { STARTED_PAYMENT_KEY, type StartedPayment } from '@/domain/retryPayment'
import { useAppInfo } from '@/stores/appInfo'
import type { CheckoutDraft } from './useCheckoutDraft'
import { useRevealInvalid } from './useRevealInvalid'
import { useT } from './useT'

interface Deps extends Pick<CheckoutDraft, 'form' | 'setForm' | 'setErrors'> {
  config: CheckoutConfig | null
  validation: ValidationOptions
  /** The channel the store's configuration has carry a method. */
  carrierOf(method: PaymentMethod | ''): H5PaymentChannel | undefined
  loggedIn: boolean
  /** The delivery address is one of the address book's, unchanged (so it is not saved again). */
  savedAddressChosen: boolean
  setCart(cart: CheckoutCart): void
  setServerError(message: string | null): void
}

export function useCheckoutOrder({ form, setForm, setErrors, config, validation, carrierOf, loggedIn, savedAddressChosen, setCart, setServerError }: Deps) {
  const t = useT()
  const [placing, setPlacing] = useState(false)
  const revealInvalid = useRevealInvalid('.checkout')
  const orderMessages = useAppInfo((s) => s.info?.appContent.system.orderMessages?.wechat)

  const placeOrder = useCallback(async () => {
    setServerError(null)
    const found = validate(form, validation)
    setErrors(found)
    if (Object.keys(found).length) {
      revealInvalid()
      return
    }
    const method = form.method as OrderMethod
    // The order's messages on the platform (WeChat subscription messages): asked now, while this is still the
    // shopper's tap (WeChat refuses the sheet later); what they answer never stops the order.
    await platform.requestOrderMessages(templatesToAsk(orderMessages, method)).catch(() => [])
    const payAtStore = form.payment === 'PAY_AT_STORE' && payAtStoreAllowed(method, config?.payAtStoreMethods)
    setPlacing(true)
    try {
      await checkoutApi.updateOrderMethod(method)
      if (method === 'PICKUP') await checkoutApi.pickupDateTime(form.pickupDate, form.pickupTime)
      if (method === 'DELIVERY') {
        const address = { ...form.address, lastName: form.address.lastName || form.contact.lastName }
        await checkoutApi.deliverInfo(address, { saveToMyProfile: loggedIn && form.saveToProfile && !savedAddressChosen })
        await checkoutApi.deliveryDateTime(form.deliveryDate, form.deliveryTime)
      }
      const contact = contactToSend(form)
      // The contact as sent is the one the next checkout starts with (a delivery's name and phone came with the address).
      if (contact !== form.contact) setForm((f) => ({ ...f, contact }))
      await checkoutApi.contactInfo(contact, {
        methodName: method,
        localStoreName: method === 'DELIVERY' ? undefined : form.storeId,
        tableNumber: method === 'EAT_IN' ? form.tableNumber.trim() : undefined
      })
      await checkoutApi.customerComment(form.comment)
      const billing = await checkoutApi.billing(payAtStore)
      setCart(billing)
      if (!billing.ready) {
        setServerError(billing.problems[0] ?? null)
        return
      }
      const { orderID, total } = await checkoutApi.reserve()
      if (payAtStore) {
        await checkoutApi.settle(orderID, 'PAY_AT_STORE')
        platform.navigate(`/confirmation/${orderID}`, 'replace')
      } else if (total === 0) {
        await checkoutApi.storeCreditPayment(orderID)
        platform.navigate(`/confirmation/${orderID}`, 'replace')
      } else {
        const channel = carrierOf(form.paymentMethod)
        // Retry payment on the confirmation page reopens this order's payment on this channel (issue 42 n-4).
        platform.storage.set(STARTED_PAYMENT_KEY, { orderID, channel, at: Date.now() } satisfies StartedPayment)
        await pay({ orderID, channel })
      }
    } catch (err) {
      setServerError(messageOf(err, t))
    } finally {
      setPlacing(false)
    }
  }, [form, validation, carrierOf, config, loggedIn, savedAddressChosen, setForm, setErrors, setCart, setServerError, revealInvalid, t, orderMessages])

  return { placing, placeOrder }
}
