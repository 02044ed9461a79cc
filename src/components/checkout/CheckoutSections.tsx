import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import { Checkbox, Input, Label, Textarea } from '@/components/taro/FormComponents'
import dayjs from 'dayjs'
import type { Address } from '@/api/account'
import type { OrderMethod, Slot } from '@/api/checkout'
import { Field } from '@/components/account/Field'
import { addressSummary } from '@/domain/savedAddresses'
import { useLocalized } from '@/hooks/useLocalized'
import type { CheckoutState, FieldName, PaymentChoice } from '@/hooks/useCheckout'
import { usePrice } from '@/hooks/usePrice'
import { useT } from '@/hooks/useT'
import type { MessageKey } from '@/i18n'
import { useLocale } from '@/stores/locale'
import { Choices, FieldMessage, Section, type Choice } from './Choices'

const METHOD_LABEL: Record<OrderMethod, MessageKey> = { PICKUP: 'checkout.pickup', DELIVERY: 'checkout.delivery', EAT_IN: 'checkout.eatIn' }

function useFieldError(c: CheckoutState) {
  const t = useT()
  return (name: FieldName) => {
    const key = c.errors[name]
    return key ? t(key) : undefined
  }
}

export function MethodSection({ c }: { c: CheckoutState }) {
  const t = useT()
  const error = useFieldError(c)
  return (
    <Section name="method" title={t('checkout.method')}>
      <Choices
        name="method"
        options={(c.config?.orderMethods ?? []).map((m) => ({ value: m, label: t(METHOD_LABEL[m]) }))}
        selected={c.form.method}
        onSelect={(m) => void c.chooseMethod(m)}
      />
      <FieldMessage text={error('method')} />
    </Section>
  )
}

/** Dates of the store's slots, shown as "Mon, Jan 5" / "1月5日". */
function SlotPicker({ name, slots, date, time, onDate, onTime }: {
  name: string
  slots: Slot[]
  date: string
  time: string
  onDate(date: string): void
  onTime(time: string): void
}) {
  const language = useLocale((s) => s.language)
  const day = slots.find((s) => s.date === date)
  const label = (d: string) => (language === 'zh' ? dayjs(d).format('M月D日') : dayjs(d).format('ddd, MMM D'))
  return (
    <View>
      <Choices name={`${name}Date`} options={slots.map((s) => ({ value: s.date, label: label(s.date) }))} selected={date} onSelect={onDate} />
      {day ? <Choices name={`${name}Time`} options={day.times.map((x) => ({ value: x, label: x }))} selected={time} onSelect={onTime} /> : null}
    </View>
  )
}

function StoreChoice({ c }: { c: CheckoutState }) {
  const t = useT()
  const localized = useLocalized()
  const error = useFieldError(c)
  return (
    <View>
      <Text className="checkout__note">{t('checkout.store')}</Text>
      <Choices
        name="store"
        options={c.stores.map((s) => ({ value: s.id, label: localized(s.localStoreNameContent, s.localStoreName) }))}
        selected={c.form.storeId}
        onSelect={(id) => c.update('storeId', id, ['storeId'])}
      />
      <FieldMessage text={error('storeId')} />
    </View>
  )
}

/** The signed-in shopper's address book: one tap fills the delivery fields below (which stay editable). */
function SavedAddresses({ c }: { c: CheckoutState }) {
  const t = useT()
  if (!c.savedAddressChoices.length) return null
  return (
    <View className="checkout__saved-addresses">
      <Text className="checkout__note">{t('checkout.savedAddresses')}</Text>
      <Choices
        name="savedAddress"
        options={c.savedAddressChoices.map(({ key, address }) => ({ value: key, label: addressSummary(address) }))}
        selected={c.selectedSavedAddress}
        onSelect={c.chooseSavedAddress}
      />
      <Text className="checkout__note">{t('checkout.savedAddressesHint')}</Text>
    </View>
  )
}

function AddressFields({ c }: { c: CheckoutState }) {
  const t = useT()
  const { format } = usePrice()
  const error = useFieldError(c)
  const a = c.form.address
  const set = (key: keyof Address) => (value: string) => c.setAddress(key, value)
  const delivery = c.config?.delivery
  const provinces = c.deliveryLocations.filter((l) => l.country === a.country)
  const cities = provinces.find((l) => l.province === a.province)?.cities ?? []
  return (
    <View>
      {delivery ? (
        <Text className="checkout__note">
          {t('checkout.deliveryRules', {
            fee: format(delivery.feeMinor, c.config?.currency ?? 'CAD'),
            freeOver: format(delivery.freeOverMinor, c.config?.currency ?? 'CAD'),
            minimum: format(delivery.minimumOrderMinor, c.config?.currency ?? 'CAD')
          })}
        </Text>
      ) : null}
      {c.deliveryLocations.length ? (
        <Text className="checkout__note">
          {t('checkout.deliveryAreas', { areas: c.deliveryLocations.map((l) => `${l.cities.join(', ')} (${l.province})`).join('; ') })}
        </Text>
      ) : null}
      <SavedAddresses c={c} />
      <Field name="address.firstName" label={t('checkout.field.firstName')} value={a.firstName} onChange={set('firstName')} error={error('address.firstName')} maxlength={60} />
      <Field name="address.lastName" label={t('checkout.field.lastName')} value={a.lastName} onChange={set('lastName')} maxlength={60} />
      <Field name="address.phone" label={t('checkout.field.phone')} value={a.phone} onChange={set('phone')} error={error('address.phone')} maxlength={30} />
      <Field
        name="address.streetNumberAndNameDetails"
        label={t('checkout.field.street')}
        value={a.streetNumberAndNameDetails}
        onChange={set('streetNumberAndNameDetails')}
        error={error('address.streetNumberAndNameDetails')}
      />
      <Field name="address.unit" label={t('checkout.field.unit')} value={a.unit ?? ''} onChange={set('unit')} maxlength={40} />
      <Text className="checkout__note">{t('checkout.field.province')}</Text>
      <Choices name="province" options={provinces.map((p) => ({ value: p.province, label: p.province }))} selected={a.province} onSelect={set('province')} />
      <FieldMessage text={error('address.province')} />
      {cities.length ? <Choices name="city" options={cities.map((x) => ({ value: x, label: x }))} selected={a.city} onSelect={set('city')} /> : null}
      <Field name="address.city" label={t('checkout.field.city')} value={a.city} onChange={set('city')} error={error('address.city')} maxlength={80} />
      <Field name="address.postCode" label={t('checkout.field.postCode')} value={a.postCode} onChange={set('postCode')} error={error('address.postCode')} maxlength={12} />
      {c.loggedIn && !c.selectedSavedAddress ? (
        <Label className="checkout__check">
          <Checkbox value="saveToProfile" checked={c.form.saveToProfile} onClick={() => c.update('saveToProfile', !c.form.saveToProfile)} />
          <Text>{t('checkout.saveToProfile')}</Text>
        </Label>
      ) : null}
    </View>
  )
}

export function FulfilmentSection({ c }: { c: CheckoutState }) {
  const t = useT()
  const error = useFieldError(c)
  const { method } = c.form
  const timeZoneNote = c.config ? <Text className="checkout__note">{t('checkout.timeZoneNote', { timeZone: c.config.timeZone })}</Text> : null
  if (method === 'PICKUP') {
    return (
      <Section name="pickup" title={t('checkout.pickupTime')}>
        <StoreChoice c={c} />
        <SlotPicker
          name="pickup"
          slots={c.config?.pickup.slots ?? []}
          date={c.form.pickupDate}
          time={c.form.pickupTime}
          onDate={(d) => {
            c.update('pickupDate', d)
            c.update('pickupTime', '')
          }}
          onTime={(x) => c.update('pickupTime', x, ['pickupSlot'])}
        />
        {timeZoneNote}
        <FieldMessage text={error('pickupSlot')} />
      </Section>
    )
  }
  if (method === 'EAT_IN') {
    return (
      <Section name="eatIn" title={t('checkout.eatIn')}>
        <StoreChoice c={c} />
        <Field name="tableNumber" label={t('checkout.tableNumber')} value={c.form.tableNumber} onChange={(v) => c.update('tableNumber', v, ['tableNumber'])} error={error('tableNumber')} maxlength={8} />
      </Section>
    )
  }
  if (method === 'DELIVERY') {
    return (
      <Section name="delivery" title={t('checkout.deliveryAddress')}>
        <AddressFields c={c} />
        <Text className="checkout__note">{t('checkout.deliveryTime')}</Text>
        <SlotPicker
          name="delivery"
          slots={c.config?.delivery.slots ?? []}
          date={c.form.deliveryDate}
          time={c.form.deliveryTime}
          onDate={(d) => {
            c.update('deliveryDate', d)
            c.update('deliveryTime', '')
          }}
          onTime={(x) => c.update('deliveryTime', x, ['deliverySlot'])}
        />
        {timeZoneNote}
        <FieldMessage text={error('deliverySlot')} />
      </Section>
    )
  }
  return null
}

export function ContactSection({ c }: { c: CheckoutState }) {
  const t = useT()
  const error = useFieldError(c)
  const k = c.form.contact
  return (
    <Section name="contact" title={t('checkout.contact')}>
      <Field name="firstName" label={t('checkout.field.firstName')} value={k.firstName} onChange={(v) => c.setContact('firstName', v)} error={error('firstName')} autoComplete="given-name" maxlength={60} />
      <Field name="lastName" label={t('checkout.field.lastName')} value={k.lastName} onChange={(v) => c.setContact('lastName', v)} autoComplete="family-name" maxlength={60} />
      <Field name="email" label={t('checkout.field.email')} value={k.email} onChange={(v) => c.setContact('email', v)} error={error('email')} autoComplete="email" maxlength={254} />
      <Field name="phone" label={t('checkout.field.phone')} value={k.phone} onChange={(v) => c.setContact('phone', v)} error={error('phone')} autoComplete="tel" maxlength={30} />
    </Section>
  )
}

export function ExtrasSection({ c }: { c: CheckoutState }) {
  const t = useT()
  const localized = useLocalized()
  const { format } = usePrice()
  const error = useFieldError(c)
  const coupon = c.cart?.coupon
  const tipPercent = c.cart?.checkout?.tipPercent ?? null
  return (
    <>
      <Section name="coupon" title={t('checkout.coupon')}>
        <View className="checkout__row">
          <Input
            className="checkout__input"
            name="couponCode"
            value={c.form.couponCode}
            ariaLabel={t('checkout.coupon')}
            nativeProps={{ 'aria-label': t('checkout.coupon') }}
            onInput={(e) => c.update('couponCode', e.detail.value)}
          />
          <Button size="mini" className="checkout__apply-coupon" disabled={c.busy === 'coupon' || undefined} onClick={() => void c.applyCoupon()}>
            {t('checkout.applyCoupon')}
          </Button>
        </View>
        {coupon ? (
          <View className="checkout__row">
            <Text className="checkout__note">
              {t('checkout.couponApplied', { code: coupon.code, description: localized(coupon.descriptionContent, coupon.description ?? '') })}
            </Text>
            <Button size="mini" onClick={() => void c.removeCoupon()}>
              {t('checkout.removeCoupon')}
            </Button>
          </View>
        ) : null}
      </Section>
      <Section name="tip" title={t('checkout.tip')}>
        <Choices
          name="tip"
          disabled={c.busy === 'tip' || undefined}
          options={(c.config?.tipPercents ?? []).map((p) => ({ value: p, label: p === 0 ? t('checkout.noTip') : `${p}%` }))}
          selected={tipPercent}
          onSelect={(p) => void c.chooseTip(p)}
        />
      </Section>
      {c.loggedIn && c.storeCreditBalance !== null ? (
        <Section name="storeCredit" title={t('checkout.storeCredit')}>
          <Text className="checkout__note">{t('checkout.storeCreditBalance', { balance: format(c.storeCreditBalance, c.cart?.currency ?? 'CAD') })}</Text>
          <View className="checkout__row">
            <Input
              className="checkout__input"
              name="storeCredit"
              type="digit"
              value={c.form.storeCredit}
              ariaLabel={t('checkout.storeCreditAmount')}
              nativeProps={{ 'aria-label': t('checkout.storeCreditAmount') }}
              onInput={(e) => c.update('storeCredit', e.detail.value, ['storeCredit'])}
            />
            <Button size="mini" disabled={c.busy === 'storeCredit' || undefined} onClick={() => void c.applyStoreCredit()}>
              {t('checkout.applyStoreCredit')}
            </Button>
          </View>
          <FieldMessage text={error('storeCredit')} />
        </Section>
      ) : null}
      <Section name="comment" title={t('checkout.comment')}>
        <Textarea
          className="checkout__textarea"
          name="comment"
          value={c.form.comment}
          maxlength={500}
          nativeProps={{ 'aria-label': t('checkout.comment') }}
          onInput={(e) => c.update('comment', e.detail.value)}
        />
      </Section>
    </>
  )
}

export function PaymentSection({ c }: { c: CheckoutState }) {
  const t = useT()
  const error = useFieldError(c)
  const choices: Choice<PaymentChoice>[] = [{ value: 'ONLINE', label: t('checkout.payOnline') }]
  if (c.payAtStoreAvailable) choices.push({ value: 'PAY_AT_STORE', label: t('checkout.payAtStore') })
  const online = c.form.payment === 'ONLINE' || !c.payAtStoreAvailable
  return (
    <Section name="payment" title={t('checkout.payment')}>
      {choices.length > 1 ? <Choices name="payment" options={choices} selected={c.form.payment} onSelect={(p) => c.update('payment', p)} /> : null}
      {online && c.needsChannel ? (
        c.channels.length ? (
          <Choices
            name="channel"
            options={c.channels.map((ch) => ({ value: ch, label: t(`checkout.channel.${ch}` as MessageKey) }))}
            selected={c.form.channel}
            onSelect={(ch) => c.update('channel', ch, ['channel'])}
          />
        ) : (
          <Text className="checkout__note">{t('checkout.noOnlinePayment')}</Text>
        )
      ) : null}
      {online && !c.needsChannel ? <Text className="checkout__note">{t('checkout.payInApp')}</Text> : null}
      <FieldMessage text={error('channel')} />
    </Section>
  )
}
