/**
 * /checkout: the order draft (method, store, date/time, delivery address, contact, coupon, tip, store credit,
 * comment), the server's totals, and placing the order — billing, reserve, then pay-at-store, store credit or the
 * platform's payment (platform.pay). The form lives here and in platform.storage, so neither a validation
 * message, a server error nor a reload ever clears what the shopper typed.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { Address } from '@/api/account'
import { accountApi } from '@/api/account'
import type { PaymentConfig, StoreLocation } from '@/api/appInfo'
import {
  checkoutApi,
  type CheckoutCart,
  type CheckoutConfig,
  type Contact,
  type DeliveryLocation,
  type OrderMethod,
  type PaymentConfigResponse
} from '@/api/checkout'
import { ApiError } from '@/api/http'
import { addressFromSaved, preselectedAddress, savedAddressKey, selectedSavedAddressKey } from '@/domain/savedAddresses'
import type { MessageKey } from '@/i18n'
import { platform, type H5PaymentChannel } from '@/platform'
import { selectLoggedIn, useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'

export const DRAFT_KEY = 'istore.checkoutDraft'

export type PaymentChoice = 'ONLINE' | 'PAY_AT_STORE'

export interface CheckoutForm {
  method: OrderMethod | null
  storeId: string
  tableNumber: string
  pickupDate: string
  pickupTime: string
  deliveryDate: string
  deliveryTime: string
  contact: Contact
  address: Address
  saveToProfile: boolean
  couponCode: string
  /** Dollars as typed (e.g. "5.00"); sent in minor units. */
  storeCredit: string
  comment: string
  payment: PaymentChoice
  channel: H5PaymentChannel | ''
}

export type FieldName =
  | 'method'
  | 'storeId'
  | 'tableNumber'
  | 'pickupSlot'
  | 'deliverySlot'
  | 'firstName'
  | 'email'
  | 'phone'
  | 'address.firstName'
  | 'address.phone'
  | 'address.streetNumberAndNameDetails'
  | 'address.city'
  | 'address.province'
  | 'address.postCode'
  | 'channel'
  | 'storeCredit'

export type FieldErrors = Partial<Record<FieldName, MessageKey>>

const EMPTY_FORM: CheckoutForm = {
  method: null,
  storeId: '',
  tableNumber: '',
  pickupDate: '',
  pickupTime: '',
  deliveryDate: '',
  deliveryTime: '',
  contact: { firstName: '', lastName: '', email: '', phone: '' },
  address: { firstName: '', lastName: '', phone: '', streetNumberAndNameDetails: '', unit: '', city: '', province: '', postCode: '', country: 'CA' },
  saveToProfile: false,
  couponCode: '',
  storeCredit: '',
  comment: '',
  payment: 'ONLINE',
  channel: ''
}

/**
 * After an order is paid the next checkout starts with the shopper's method, store, contact and address, but not
 * this order's coupon, store credit, comment or time slot.
 */
export function forgetPlacedOrderDraft(): void {
  const draft = platform.storage.get<Partial<CheckoutForm>>(DRAFT_KEY)
  if (!draft) return
  const { couponCode, storeCredit, comment, pickupDate, pickupTime, deliveryDate, deliveryTime } = EMPTY_FORM
  platform.storage.set(DRAFT_KEY, { ...draft, couponCode, storeCredit, comment, pickupDate, pickupTime, deliveryDate, deliveryTime })
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE_RE = /^\+?[0-9 ()-]{7,20}$/

/** Wallet-specific channels follow the store's payment flags (spec §3 system.payment); aggregators always show. */
const CHANNEL_FLAG: Partial<Record<H5PaymentChannel, keyof PaymentConfig>> = {
  OTT: 'supportWeChatPay',
  SNAPPAY_WECHATPAY: 'supportWeChatPay',
  NATIVE_WECHAT_H5: 'supportWeChatPay',
  SNAPPAY_ALIPAY: 'supportAliPay',
  ALIPAY_H5: 'supportAliPay',
  SNAPPAY_UNIONPAY: 'supportUnionPay'
}

export function availableChannels(config: PaymentConfigResponse | null, flags: PaymentConfig | undefined): H5PaymentChannel[] {
  if (!config?.onlineProviders.enabled) return []
  return (config.onlineProviders.h5Channels ?? []).filter((channel) => {
    const flag = CHANNEL_FLAG[channel]
    return !flag || flags?.[flag] !== false
  })
}

/** Dollars as typed → minor units; null when it is not an amount. */
export function toMinorUnits(text: string): number | null {
  const value = text.trim()
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null
  return Math.round(Number(value) * 100)
}

/** Client-side rules; the server checks again and its message is shown when it disagrees. */
export function validate(form: CheckoutForm, options: { needsChannel: boolean; tableNumberPattern?: string }): FieldErrors {
  const errors: FieldErrors = {}
  if (!form.method) errors.method = 'checkout.error.method'
  if (form.method === 'PICKUP' || form.method === 'EAT_IN') {
    if (!form.storeId) errors.storeId = 'checkout.error.store'
  }
  if (form.method === 'PICKUP' && (!form.pickupDate || !form.pickupTime)) errors.pickupSlot = 'checkout.error.pickupSlot'
  if (form.method === 'EAT_IN') {
    const table = form.tableNumber.trim()
    if (!table) errors.tableNumber = 'checkout.error.tableNumber'
    else if (options.tableNumberPattern && !new RegExp(options.tableNumberPattern).test(table)) errors.tableNumber = 'checkout.error.tableNumberFormat'
  }
  if (form.method === 'DELIVERY') {
    const a = form.address
    if (!a.firstName.trim()) errors['address.firstName'] = 'checkout.error.required'
    if (!PHONE_RE.test(a.phone.trim())) errors['address.phone'] = 'checkout.error.phone'
    if (!a.streetNumberAndNameDetails.trim()) errors['address.streetNumberAndNameDetails'] = 'checkout.error.required'
    if (!a.city.trim()) errors['address.city'] = 'checkout.error.required'
    if (!a.province.trim()) errors['address.province'] = 'checkout.error.province'
    if (!a.postCode.trim()) errors['address.postCode'] = 'checkout.error.required'
    if (!form.deliveryDate || !form.deliveryTime) errors.deliverySlot = 'checkout.error.deliverySlot'
  }
  if (!form.contact.firstName.trim()) errors.firstName = 'checkout.error.required'
  if (!EMAIL_RE.test(form.contact.email.trim())) errors.email = 'checkout.error.email'
  if (!PHONE_RE.test(form.contact.phone.trim())) errors.phone = 'checkout.error.phone'
  if (form.payment === 'ONLINE' && options.needsChannel && !form.channel) errors.channel = 'checkout.error.channel'
  return errors
}

function messageOf(err: unknown): string {
  if (err instanceof ApiError) return err.message
  return err instanceof Error ? err.message : String(err)
}

/** The server's draft fills what the stored draft does not have. */
function formFromServer(cart: CheckoutCart | null): Partial<CheckoutForm> {
  const d = cart?.checkout
  if (!d) return {}
  return {
    method: cart.orderMethod ?? null,
    storeId: d.localStoreId ?? '',
    tableNumber: d.tableNumber ?? '',
    pickupDate: d.pickupDate ?? '',
    pickupTime: d.pickupTime ?? '',
    deliveryDate: d.deliveryDate ?? '',
    deliveryTime: d.deliveryTime ?? '',
    ...(d.contact ? { contact: d.contact } : {}),
    ...(d.delivery ? { address: { ...EMPTY_FORM.address, ...d.delivery } } : {}),
    comment: d.customerComment ?? ''
  }
}

export type Busy = null | 'loading' | 'method' | 'coupon' | 'tip' | 'storeCredit' | 'placing'

export function useCheckout() {
  const loggedIn = useAppInfo(selectLoggedIn)
  const paymentFlags = useAppInfo((s) => s.info?.appContent.system.payment)
  const setCart = useCallback((cart: CheckoutCart) => useCart.setState((s) => ({ cart, version: s.version + 1 })), [])
  const cart = useCart((s) => s.cart) as CheckoutCart | null

  const [config, setConfig] = useState<CheckoutConfig | null>(null)
  const [paymentConfig, setPaymentConfig] = useState<PaymentConfigResponse | null>(null)
  const [stores, setStores] = useState<StoreLocation[]>([])
  const [deliveryLocations, setDeliveryLocations] = useState<DeliveryLocation[]>([])
  const [storeCreditBalance, setStoreCreditBalance] = useState<number | null>(null)
  const [form, setForm] = useState<CheckoutForm>(() => ({ ...EMPTY_FORM, ...(platform.storage.get<Partial<CheckoutForm>>(DRAFT_KEY) ?? {}) }))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [busy, setBusy] = useState<Busy>('loading')
  const restoredFromStorage = useRef(platform.storage.get(DRAFT_KEY) !== undefined)

  const environment = useMemo(() => platform.environment(), [])
  const channels = useMemo(() => availableChannels(paymentConfig, paymentFlags), [paymentConfig, paymentFlags])
  /** Mini-programs pay with their own sheet; a browser needs a provider. */
  const needsChannel = !environment.miniProgram

  const load = useCallback(async () => {
    setBusy('loading')
    setLoadError(null)
    try {
      const [cfg, payCfg, pickup, delivery, billing] = await Promise.all([
        checkoutApi.config(),
        checkoutApi.paymentConfig(),
        checkoutApi.pickupLocations(),
        checkoutApi.deliveryLocations(),
        checkoutApi.billing(false)
      ])
      setConfig(cfg)
      setPaymentConfig(payCfg)
      setStores(pickup)
      setDeliveryLocations(delivery.locations)
      setCart(billing)
      if (!restoredFromStorage.current) setForm((f) => ({ ...f, ...formFromServer(billing) }))
    } catch (err) {
      setLoadError(messageOf(err))
    } finally {
      setBusy(null)
    }
  }, [setCart])

  useEffect(() => {
    void load()
  }, [load])

  useEffect(() => {
    if (!loggedIn) return setStoreCreditBalance(null)
    accountApi
      .storeCredit()
      .then((credit) => setStoreCreditBalance(credit.balance))
      .catch(() => setStoreCreditBalance(null))
  }, [loggedIn])

  useEffect(() => {
    platform.storage.set(DRAFT_KEY, form)
  }, [form])

  // A signed-in shopper's saved shipping addresses are offered for delivery; a guest has none.
  const userID = useAppInfo((s) => s.info?.userID)
  const [savedAddresses, setSavedAddresses] = useState<Address[] | null>(null)
  useEffect(() => {
    setSavedAddresses(null)
    if (!loggedIn || !userID) return
    let current = true
    accountApi
      .addresses(userID, 'SHIPPING')
      .then((res) => current && setSavedAddresses(res.addresses ?? []))
      // Checkout works without the address book; the shopper types the address instead.
      .catch(() => current && setSavedAddresses([]))
    return () => {
      current = false
    }
  }, [loggedIn, userID])

  // Once delivery is chosen and the address book is known, the default (or only) address goes into a blank form —
  // decided once, so neither a typed address nor one the shopper cleared on purpose is ever replaced.
  const preselectDecided = useRef(false)
  useEffect(() => {
    if (preselectDecided.current || form.method !== 'DELIVERY' || !savedAddresses) return
    preselectDecided.current = true
    setForm((f) => {
      const address = preselectedAddress(savedAddresses, f.address)
      return address ? { ...f, address } : f
    })
  }, [form.method, savedAddresses])

  // A signed-in shopper starts with their own contact details; anything already typed wins.
  const user = useAppInfo((s) => s.info?.user)
  useEffect(() => {
    if (!user) return
    setForm((f) => {
      const c = f.contact
      if (c.firstName || c.lastName || c.email || c.phone) return f
      return { ...f, contact: { firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.emailID ?? '', phone: user.phone ?? '' } }
    })
  }, [user])

  /** Sets one field; its own validation message goes once the shopper changes it. */
  const update = useCallback(<K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K], clears: FieldName[] = []) => {
    setForm((f) => ({ ...f, [key]: value }))
    if (clears.length) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !clears.includes(k as FieldName))))
  }, [])

  const setContact = useCallback((key: keyof Contact, value: string) => {
    setForm((f) => ({ ...f, contact: { ...f.contact, [key]: value } }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }, [])

  const setAddress = useCallback((key: keyof Address, value: string) => {
    setForm((f) => ({ ...f, address: { ...f.address, [key]: value } }))
    setErrors((e) => ({ ...e, [`address.${key}`]: undefined }))
  }, [])

  /** The shopper picked a saved address: it fills every delivery field (still editable) and their messages go. */
  const chooseSavedAddress = useCallback(
    (key: string) => {
      const index = (savedAddresses ?? []).findIndex((a, i) => savedAddressKey(a, i) === key)
      if (index < 0 || !savedAddresses) return
      preselectDecided.current = true
      setForm((f) => ({ ...f, address: addressFromSaved(savedAddresses[index]) }))
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('address.'))))
    },
    [savedAddresses]
  )

  const deliveryMethod = form.method === 'DELIVERY'
  const savedAddressChoices = useMemo(
    () => (loggedIn && deliveryMethod ? (savedAddresses ?? []).map((address, index) => ({ key: savedAddressKey(address, index), address })) : []),
    [loggedIn, deliveryMethod, savedAddresses]
  )
  const selectedSavedAddress = useMemo(() => selectedSavedAddressKey(savedAddresses ?? [], form.address), [savedAddresses, form.address])

  /** A call that changes the server's draft and totals; a failure keeps the form and shows the message. */
  const applyToCart = useCallback(
    async (kind: Exclude<Busy, null | 'loading' | 'placing'>, call: () => Promise<CheckoutCart>) => {
      setBusy(kind)
      setServerError(null)
      try {
        setCart(await call())
        return true
      } catch (err) {
        setServerError(messageOf(err))
        return false
      } finally {
        setBusy(null)
      }
    },
    [setCart]
  )

  const chooseMethod = useCallback(
    async (method: OrderMethod) => {
      update('method', method, ['method'])
      if (method === 'DELIVERY') update('payment', 'ONLINE')
      await applyToCart('method', () => checkoutApi.updateOrderMethod(method))
    },
    [applyToCart, update]
  )

  const applyCoupon = useCallback(async () => {
    const code = form.couponCode.trim()
    if (!code) return
    await applyToCart('coupon', () => checkoutApi.verifyCoupon(code))
  }, [applyToCart, form.couponCode])

  const removeCoupon = useCallback(async () => {
    if (await applyToCart('coupon', () => checkoutApi.removeCoupon())) update('couponCode', '')
  }, [applyToCart, update])

  const chooseTip = useCallback((percent: number) => applyToCart('tip', () => checkoutApi.tips(percent)), [applyToCart])

  const applyStoreCredit = useCallback(async () => {
    const amount = toMinorUnits(form.storeCredit || '0')
    if (amount === null) {
      setErrors((e) => ({ ...e, storeCredit: 'checkout.error.amount' }))
      return
    }
    await applyToCart('storeCredit', () => checkoutApi.applyStoreCredit(amount))
  }, [applyToCart, form.storeCredit])

  /** Sends the draft, reserves the order and pays it; any failure leaves the form as it is, with the message. */
  const placeOrder = useCallback(async () => {
    setServerError(null)
    const found = validate(form, { needsChannel: needsChannel && channels.length > 0, tableNumberPattern: config?.eatIn.tableNumberPattern })
    setErrors(found)
    if (Object.keys(found).length) return
    const method = form.method as OrderMethod
    const payAtStore = form.payment === 'PAY_AT_STORE' && (config?.payAtStoreMethods ?? []).includes(method)
    setBusy('placing')
    try {
      await checkoutApi.updateOrderMethod(method)
      if (method === 'PICKUP') await checkoutApi.pickupDateTime(form.pickupDate, form.pickupTime)
      if (method === 'DELIVERY') {
        const address = { ...form.address, lastName: form.address.lastName || form.contact.lastName }
        // An address taken unchanged from the address book is already saved.
        await checkoutApi.deliverInfo(address, { saveToMyProfile: loggedIn && form.saveToProfile && !selectedSavedAddress })
        await checkoutApi.deliveryDateTime(form.deliveryDate, form.deliveryTime)
      }
      await checkoutApi.contactInfo(form.contact, {
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
        await platform.pay({ orderID, channel: form.channel || undefined })
      }
    } catch (err) {
      setServerError(messageOf(err))
    } finally {
      setBusy(null)
    }
  }, [form, needsChannel, channels.length, config, loggedIn, selectedSavedAddress, setCart])

  const payAtStoreAvailable = !!form.method && (config?.payAtStoreMethods ?? []).includes(form.method)

  return {
    loading: busy === 'loading',
    busy,
    loadError,
    reload: load,
    config,
    cart,
    stores,
    deliveryLocations,
    channels,
    needsChannel,
    miniProgram: environment.miniProgram,
    loggedIn,
    storeCreditBalance,
    payAtStoreAvailable,
    form,
    errors,
    serverError,
    update,
    setContact,
    setAddress,
    savedAddressChoices,
    selectedSavedAddress,
    chooseSavedAddress,
    chooseMethod,
    applyCoupon,
    removeCoupon,
    chooseTip,
    applyStoreCredit,
    placeOrder
  }
}

export type CheckoutState = ReturnType<typeof useCheckout>
