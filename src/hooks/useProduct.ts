import { useCallback, useEffect, useState } from 'react'
import Taro from '@tarojs/taro'
import { cartApi } from '@/api/cart'
import { catalogApi, type Product } from '@/api/catalog'
import { ApiError } from '@/api/http'
import { messageOf } from '@/domain/errors'
import { clampQuantity, isSelectionComplete, optionPairKey, selectionFromPair, type VariantStock } from '@/domain/options'
import { chosenPrices } from '@/domain/variantPrice'
import { pictureOfSelection } from '@/domain/optionPicture'
import { payablePriceOf } from '@/features/memberships/membership'
import { useAppInfo } from '@/stores/appInfo'
import { useCart } from '@/stores/cart'

export type Availability =
  | { status: 'incomplete' }
  | { status: 'checking'; optionPair: string }
  | { status: 'known'; optionPair: string; stock: number }
  | { status: 'error'; optionPair: string; message: string }

/** Why the chosen quantity was refused: more than the stock of the chosen pair. */
export interface QuantityRejection {
  available: number
}


/** A product's options as the option rules take them: names and the values offered. */
const choicesOf = (p: Product) => p.options.map((o) => ({ name: o.name, values: o.values.map((v) => v.value) }))

/**
 * Product detail (/store/product/:id): the product, the shopper's option pair with its live stock
 * (inventoryByProductAndOptions), a quantity that never exceeds that stock, related products and adding
 * to the cart. `linkedPair` (the link's ?option=) is chosen as the product opens, as far as the product offers it.
 * Add to cart before every option is chosen names the first missing one and brings the options into view (on a phone
 * the button is in the bar at the screen's foot, possibly far below them). `variants` (the product detail's, when read)
 * price the chosen pair: a variant at a price of its own shows and sells at it.
 */
export function useProduct(id: string, linkedPair?: string, variants: readonly VariantStock[] | null = null) {
  const [product, setProduct] = useState<Product | null>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'notFound' | 'error'>('loading')
  const [loadError, setLoadError] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [selection, setSelection] = useState<Record<string, string>>({})
  /** The option the shopper chose last: its value's picture is the one shown (issue 42 n-2). */
  const [lastChosen, setLastChosen] = useState<string | null>(null)
  const [availability, setAvailability] = useState<Availability>({ status: 'incomplete' })
  const [quantity, setQuantityState] = useState(1)
  const [rejection, setRejection] = useState<QuantityRejection | null>(null)
  const [related, setRelated] = useState<Product[]>([])
  const [askedForChoice, setAskedForChoice] = useState(false)
  const [choiceRequests, setChoiceRequests] = useState(0)
  const [adding, setAdding] = useState(false)
  const [added, setAdded] = useState(false)
  const [addError, setAddError] = useState<string | null>(null)
  const changeCart = useCart((s) => s.change)
  const member = useAppInfo((s) => !!s.info?.membership)

  useEffect(() => {
    let live = true
    setStatus('loading')
    setLoadError(null)
    setSelection({})
    setQuantityState(1)
    setRejection(null)
    setAdded(false)
    setAddError(null)
    catalogApi.product(id).then(
      (p) => {
        if (!live) return
        setProduct(p)
        setSelection(selectionFromPair(choicesOf(p), linkedPair))
        setStatus('ready')
      },
      (err) => {
        if (!live) return
        setProduct(null)
        if (err instanceof ApiError && (err.status === 404 || err.status === 400)) setStatus('notFound')
        else {
          setLoadError(messageOf(err))
          setStatus('error')
        }
      }
    )
    // Extras: a failure leaves their sections out, the product itself still sells.
    catalogApi.related(id).then(
      (res) => live && setRelated(res.products),
      () => live && setRelated([])
    )
    return () => {
      live = false
    }
  }, [id, linkedPair, attempt])

  const complete = product !== null && isSelectionComplete(choicesOf(product), selection)
  const optionPair = complete ? optionPairKey(selection) : null

  // Live stock of the chosen pair ('' for a product without options).
  useEffect(() => {
    if (optionPair === null || !product) {
      setAvailability({ status: 'incomplete' })
      return
    }
    let live = true
    setAvailability({ status: 'checking', optionPair })
    catalogApi.inventory(product.id, optionPair).then(
      (inv) => {
        if (!live) return
        setAvailability({ status: 'known', optionPair, stock: inv.available })
        // A pair with less stock than the chosen quantity brings the quantity down to it.
        setQuantityState((q) => (inv.available > 0 && q > inv.available ? inv.available : q))
      },
      (err) => live && setAvailability({ status: 'error', optionPair, message: messageOf(err) })
    )
    return () => {
      live = false
    }
  }, [product, optionPair])

  const available = availability.status === 'known' ? availability.stock : null

  const choose = useCallback((optionName: string, value: string) => {
    setSelection((s) => ({ ...s, [optionName]: value }))
    setLastChosen(optionName)
    setAskedForChoice(false)
    setRejection(null)
    setAdded(false)
    setAddError(null)
  }, [])

  const setQuantity = useCallback(
    (requested: number) => {
      if (available === null) return
      const { quantity: allowed, rejected } = clampQuantity(requested, available)
      setRejection(rejected ? { available } : null)
      if (allowed > 0) setQuantityState(allowed)
    },
    [available]
  )

  const canAdd = optionPair !== null && available !== null && available > 0 && quantity <= available && !adding
  /** The first option still to choose; Add to cart names it instead of staying a silent grey button. */
  const missingOption = product && optionPair === null ? (product.options.find((o) => !selection[o.name]) ?? null) : null
  const canTryAdd = canAdd || (missingOption !== null && !product?.soldOut && !adding)

  // Once the request to choose has rendered, the page moves to the options.
  useEffect(() => {
    if (choiceRequests) void Taro.pageScrollTo({ selector: '.product-page .option-picker', duration: 300 })
  }, [choiceRequests])

  const addToCart = useCallback(async () => {
    if (product && missingOption) {
      setAskedForChoice(true)
      setChoiceRequests((n) => n + 1)
      return
    }
    if (!product || optionPair === null || !canAdd) return
    setAdding(true)
    setAdded(false)
    setAddError(null)
    const ok = await changeCart(() => cartApi.add(product.id, quantity, optionPair || undefined))
    setAdding(false)
    if (ok) setAdded(true)
    else {
      // Shown here, beside the button; the cart page should not repeat a message about this page.
      setAddError(useCart.getState().error)
      useCart.getState().clearError()
    }
  }, [product, missingOption, optionPair, canAdd, quantity, changeCart])

  /** The chosen pair's prices (the product's until every option is chosen). */
  const prices = product ? chosenPrices(product, variants, optionPair) : null

  return {
    product,
    prices,
    /** What this shopper pays for one of the chosen pair (a member: the member price), with the higher price it replaces. */
    payable: prices ? payablePriceOf(prices, member) : null,
    status,
    loadError,
    retry: () => setAttempt((n) => n + 1),
    soldOut: product?.soldOut ?? false,
    selection,
    choose,
    /** The gallery's picture for the chosen options (an option value's own picture), or null: the shopper's own. */
    pictureIndex: product ? pictureOfSelection(product.options, selection, product.images, lastChosen) : null,
    optionPair,
    availability,
    quantity,
    setQuantity,
    rejection,
    canAdd,
    canTryAdd,
    missingOption,
    askedForChoice,
    adding,
    added,
    addError,
    addToCart,
    related
  }
}
