import { useDeferredValue } from 'react'
import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import { EmptyState } from '@/components/common/EmptyState'
import { ChargedInBaseNote, Price } from '@/components/common/Price'
import { MemberPrice } from '@/components/common/MemberPrice'
import { memberPriceOf } from '@/features/memberships/membership'
import { soldOutValues } from '@/domain/options'
import { Spinner } from '@/components/common/Spinner'
import { AddOnList } from '@/components/product/AddOnList'
import { OptionPicker } from '@/components/product/OptionPicker'
import { ProductGallery } from '@/components/product/ProductGallery'
import { ProductRow } from '@/components/product/ProductRow'
import { DetailParagraph, RichDetail } from '@/components/product/RichDetail'
import { RestockAlert } from '@/components/product/RestockAlert'
import { restockTarget } from '@/domain/restock'
import { textParagraphs } from '@/domain/richDetail'
import { QuantityStepper } from '@/components/product/QuantityStepper'
import { ShareBar } from '@/components/product/ShareBar'
import { usePageShare } from '@/hooks/usePageShare'
import { productUrl } from '@shared/routes'
import { Shell } from '@/components/shell/Shell'
import { CART_URL } from '@/domain/cartAction'
import { useAddOns } from '@/hooks/useAddOns'
import { useCartEntry } from '@/hooks/useCartEntry'
import { Icon } from '@/components/shell/Icons'
import { useLocalized } from '@/hooks/useLocalized'
import { usePrice } from '@/hooks/usePrice'
import { useProduct } from '@/hooks/useProduct'
import { useProductDetail } from '@/hooks/useProductDetail'
import { useRoute } from '@/hooks/useRoute'
import { useReferralCapture, useReferralPath } from '@/features/referral/useReferral'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import '@/i18n/lists'
import '@/components/common/PrimaryButton.scss'
import '../store.scss'
import './index.scss'
import { onlyWhen } from '@/components/common/booleanAttribute'
import '@/i18n/browse'
import '@/i18n/restock'
import { Link } from '@/components/common/Link'

/** /store/product/:id; ?option= (an option pair, as cart lines and the back-in-stock mail link it) chooses those options */
export default function ProductPage() {
  const t = useT()
  const localized = useLocalized()
  const { converted, base, display } = usePrice()
  const route = useRoute()
  const id = route.params.id ?? ''
  const richDetail = useProductDetail(id)
  const detail = useProduct(id, route.params.option, richDetail.variants)
  const addOns = useAddOns(id ? [id] : null)
  const { product, availability } = detail
  // The related row is below the fold: it renders in a pass of its own after the product (a deferred render, which React
  // splits into short tasks), not in the same long task as the first screen (issue 16, total blocking time).
  const related = useDeferredValue(detail.related)
  const cartEntry = useCartEntry()
  const name = product ? localized(product.nameContent, product.name) : ''

  useReferralCapture()
  // Mini-programs: the share menu sends this page (H5 has its ShareBar), with the sharer's referral id.
  const sharePath = useReferralPath(productUrl(id))
  usePageShare({ title: name, path: sharePath })

  if (detail.status === 'loading') {
    return (
      <Shell title={t('store.loading')}>
        <Spinner label={t('store.loading')} />
      </Shell>
    )
  }
  if (detail.status === 'notFound' || !product) {
    return (
      <Shell title={detail.status === 'error' ? undefined : t('product.notFound')}>
        {detail.status === 'error' ? (
          <EmptyState tone="error" message={t('store.loadFailed', { message: detail.loadError ?? '' })} action={{ label: t('store.retry'), onClick: detail.retry }} />
        ) : (
          <EmptyState message={t('product.notFound')} action={{ label: t('cart.continueShopping'), onClick: () => platform.navigate('/store') }} />
        )}
      </Shell>
    )
  }

  const prices = detail.prices ?? product

  // Sold out is said once, by the button.
  let stockNote: { text: string; tone: 'info' | 'ok' | 'warn' } | null = null
  if (product.soldOut) stockNote = null
  else if (availability.status === 'incomplete') stockNote = { text: t('product.chooseAll'), tone: 'info' }
  else if (availability.status === 'checking') stockNote = { text: t('product.checking'), tone: 'info' }
  else if (availability.status === 'error') stockNote = { text: t('store.loadFailed', { message: availability.message }), tone: 'warn' }
  else if (availability.stock <= 0) stockNote = { text: t('product.optionSoldOut'), tone: 'warn' }
  else stockNote = { text: t('product.inStock', { count: availability.stock }), tone: 'ok' }
  const soldOut = soldOutValues(
    product.options.map((o) => ({ name: o.name, values: o.values.map((v) => v.value) })),
    richDetail.variants,
    detail.selection
  )
  // Sold out (the product, or the chosen pair): the shopper may ask to be told when it is back.
  const waitFor = restockTarget(product.soldOut, availability.status === 'known' ? availability : null)
  const missingName = detail.missingOption ? localized(detail.missingOption.nameContent, detail.missingOption.name) : null

  return (
    <Shell title={name} bottomBar="insteadOfTabBar">
      <View className={detail.added ? 'product-page product-page--added' : 'product-page'} data-product-id={product.id}>
        <View className="product-page__top">
          <View className="product-page__gallery">
            <ProductGallery images={product.images} name={name} current={detail.pictureIndex} />
          </View>
          <View className="product-page__main">
            <Text className="product-page__name">{name}</Text>
            {/* One row: the member price sits beside the price (on a laptop, Add to cart stays in the first screen). The chosen
                option pair's prices once every option is chosen (a variant may have a price of its own). */}
            <View className="product-page__prices">
              <Price className="product-page__price" amount={prices.price} currency={product.currency} was={prices.listPrice} />
              <MemberPrice className="product-page__member-price" view={memberPriceOf(prices)} currency={product.currency} />
            </View>
            <ChargedInBaseNote text={converted ? t('currency.chargedInBase', { display, base }) : null} />
            {product.options.length ? <OptionPicker options={product.options} selection={detail.selection} onChoose={detail.choose} soldOut={soldOut} /> : null}
            {stockNote ? <Text className={`product-page__stock product-page__stock--${stockNote.tone}`}>{stockNote.text}</Text> : null}
            {detail.rejection ? (
              <View className="product-page__rejected" role="alert">
                {t('product.onlyLeft', { n: detail.rejection.available })}
              </View>
            ) : null}
            {/* Quantity and Add to cart: one row on desktop; on a phone Add to cart is in a bar at the screen's foot, with
                the price (index.scss). */}
            <View className="product-page__buy">
              {!product.soldOut ? (
                <View className="product-page__quantity">
                  <Text className="product-page__label">{t('product.quantity')}</Text>
                  <QuantityStepper value={detail.quantity} onChange={detail.setQuantity} disabled={availability.status !== 'known' || availability.stock <= 0} />
                </View>
              ) : null}
              <View className="product-page__buy-bar">
                {/* The bar takes the tab bar's place on a phone (issue 42 n-16): the cart goes with it. */}
                <Link className="product-page__bar-cart" to={cartEntry.href} label={cartEntry.label}>
                  <Icon name="cart" />
                  {cartEntry.badge ? <Text className="product-page__bar-badge">{cartEntry.badge}</Text> : null}
                </Link>
                {detail.payable ? <Price className="product-page__bar-price" amount={detail.payable.amount} currency={product.currency} was={detail.payable.was} /> : null}
                <Button className="primary-button product-page__add" disabled={onlyWhen(!detail.canTryAdd)} loading={onlyWhen(detail.adding)} onClick={detail.addToCart}>
                  {product.soldOut ? t('store.soldOut') : detail.adding ? t('product.adding') : t('product.addToCart')}
                </Button>
              </View>
            </View>
            {detail.askedForChoice && missingName ? (
              <View className="product-page__error" role="alert">
                {t('product.pleaseChoose', { name: missingName })}
              </View>
            ) : null}
            {detail.addError ? (
              <View className="product-page__error" role="alert">
                {detail.addError}
              </View>
            ) : null}
            {/* On a phone it stands on the buy bar, not behind it (index.scss, issue 42 N-3). */}
            {detail.added ? (
              <View className="product-page__added" role="status">
                <Text>{t('product.added')}</Text>
                <Link className="product-page__view-cart" to={CART_URL}>
                  {t('product.viewCart')}
                </Link>
              </View>
            ) : null}
            {waitFor ? <RestockAlert productId={product.id} optionPair={waitFor.optionPair} /> : null}
            <ShareBar title={name} path={sharePath} />
          </View>
        </View>
        <View className="product-page__section">
          {/* Headings under the page's h1 (issue 42 p-8: they were plain text, and the details' h3s followed the h1). */}
          <Text className="product-page__section-title" role="heading" aria-level={2}>
            {t('product.description')}
          </Text>
          <View className="product-page__description">
            {textParagraphs(localized(product.descriptionContent, product.description)).map((lines, i) => (
              <DetailParagraph key={i} lines={lines} />
            ))}
          </View>
        </View>
        <RichDetail blocks={richDetail.blocks} />
        {/* Extras go with something to buy: none beside a sold-out product. */}
        {product.soldOut ? null : <AddOnList title={t('product.addOns')} addOns={addOns.addOns} addingId={addOns.addingId} addedIds={addOns.addedIds} error={addOns.error} onAdd={addOns.add} />}
        <ProductRow title={t('product.related')} products={related} />
      </View>
    </Shell>
  )
}
