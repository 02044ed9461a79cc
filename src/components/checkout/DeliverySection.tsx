import { View, Text } from '@tarojs/components'
import { Checkbox, Label } from '@/components/taro/FormComponents'
import type { Address } from '@/api/account'
import type { CheckoutConfig, DeliveryLocation, Slot } from '@/api/checkout'
import { Field } from '@/components/account/Field'
import { InNameOrder } from '@/components/account/InNameOrder'
import type { StoreClock } from '@/domain/storeClock'
import type { FieldName, TypedField } from '@/domain/checkoutForm'
import { addressSummary } from '@/domain/savedAddresses'
import { useFieldLink } from '@/hooks/useFieldLink'
import { usePrice } from '@/hooks/usePrice'
import { useT } from '@/hooks/useT'
import { provinceName } from '@/domain/provinces'
import { deliveryAreasText } from '@/domain/deliveryAreas'
import { useLocale } from '@/stores/locale'
import '@/i18n/walkthrough'
import { Choices, FieldMessage, Section } from './Choices'
import { SlotPicker } from './SlotPicker'

/** The signed-in shopper's address book: one tap fills the delivery fields below (which stay editable). */
function SavedAddresses({ choices, selected, onChoose }: { choices: { key: string; address: Address }[]; selected: string | null; onChoose(key: string): void }) {
  const t = useT()
  const language = useLocale((s) => s.language)
  if (!choices.length) return null
  return (
    <View className="checkout__saved-addresses">
      <Text className="checkout__note">{t('checkout.savedAddresses')}</Text>
      <Choices name="savedAddress" options={choices.map(({ key, address }) => ({ value: key, label: addressSummary(address, language) }))} selected={selected} onSelect={onChoose} />
      <Text className="checkout__note">{t('checkout.savedAddressesHint')}</Text>
    </View>
  )
}

/** The store's delivery fee, free-delivery threshold, minimum order and areas. */
function DeliveryRules({ rules, currency, locations }: { rules?: CheckoutConfig['delivery']; currency: string; locations: DeliveryLocation[] }) {
  const t = useT()
  const { format } = usePrice()
  const language = useLocale((s) => s.language)
  return (
    <>
      {rules ? (
        <Text className="checkout__note">
          {t('checkout.deliveryRules', { fee: format(rules.feeMinor, currency), freeOver: format(rules.freeOverMinor, currency), minimum: format(rules.minimumOrderMinor, currency) })}
        </Text>
      ) : null}
      {locations.length ? (
        <Text className="checkout__note">{t('checkout.deliveryAreas', { areas: deliveryAreasText(locations, language) })}</Text>
      ) : null}
    </>
  )
}

export function DeliverySection(props: {
  rules?: CheckoutConfig['delivery']
  currency: string
  locations: DeliveryLocation[]
  savedAddresses: { key: string; address: Address }[]
  selectedSavedAddress: string | null
  onSavedAddress(key: string): void
  address: Address
  onAddress(key: keyof Address, value: string): void
  /** Offered to a signed-in shopper whose address is not one of the saved ones. */
  offerSave: boolean
  saveToProfile: boolean
  onSaveToProfile(save: boolean): void
  slots: Slot[]
  date: string
  time: string
  timeZone?: string
  clock: StoreClock | null
  onDate(date: string): void
  onTime(time: string): void
  error(name: FieldName): string | undefined
  onLeave(field: TypedField): void
}) {
  const t = useT()
  const language = useLocale((s) => s.language)
  const { address: a, error } = props
  const set = (key: keyof Address) => (value: string) => props.onAddress(key, value)
  const leave = (field: TypedField) => () => props.onLeave(field)
  const provinces = props.locations.filter((l) => l.country === a.country)
  const cities = provinces.find((l) => l.province === a.province)?.cities ?? []
  const provinceLink = useFieldLink(error('address.province'))
  return (
    <Section name="delivery" title={t('checkout.deliveryAddress')}>
      <DeliveryRules rules={props.rules} currency={props.currency} locations={props.locations} />
      <SavedAddresses choices={props.savedAddresses} selected={props.selectedSavedAddress} onChoose={props.onSavedAddress} />
      <InNameOrder
        first={<Field name="address.firstName" label={t('checkout.field.firstName')} value={a.firstName} onChange={set('firstName')} error={error('address.firstName')} onBlur={leave('address.firstName')} autoComplete="shipping given-name" maxlength={60} />}
        last={<Field name="address.lastName" label={t('checkout.field.lastName')} value={a.lastName} onChange={set('lastName')} autoComplete="shipping family-name" maxlength={60} />}
      />
      <Field name="address.phone" label={t('checkout.field.phone')} value={a.phone} onChange={set('phone')} error={error('address.phone')} onBlur={leave('address.phone')} autoComplete="shipping tel" inputType="tel" maxlength={30} />
      <Field
        name="address.streetNumberAndNameDetails"
        label={t('checkout.field.street')}
        value={a.streetNumberAndNameDetails}
        onChange={set('streetNumberAndNameDetails')}
        error={error('address.streetNumberAndNameDetails')}
        onBlur={leave('address.streetNumberAndNameDetails')}
        autoComplete="shipping address-line1"
      />
      <Field name="address.unit" label={t('checkout.field.unit')} value={a.unit ?? ''} onChange={set('unit')} autoComplete="shipping address-line2" maxlength={40} />
      <View className={provinceLink.boxClass}>
        <Text className="checkout__note">{t('checkout.field.province')}</Text>
        <Choices name="province" options={provinces.map((p) => ({ value: p.province, label: p.provinceName ?? provinceName(p.province, language) }))} selected={a.province} onSelect={set('province')} link={provinceLink.control} />
        <FieldMessage text={error('address.province')} id={provinceLink.messageId} />
      </View>
      {/* The city as the shopper sees it (the server accepts a city by its English or Chinese name). */}
      {cities.length ? <Choices name="city" options={cities.map((x) => ({ value: x, label: x }))} selected={a.city} onSelect={set('city')} /> : null}
      <Field name="address.city" label={t('checkout.field.city')} value={a.city} onChange={set('city')} error={error('address.city')} onBlur={leave('address.city')} autoComplete="shipping address-level2" maxlength={80} />
      <Field name="address.postCode" label={t('checkout.field.postCode')} value={a.postCode} onChange={set('postCode')} error={error('address.postCode')} onBlur={leave('address.postCode')} autoComplete="shipping postal-code" maxlength={12} />
      {props.offerSave ? (
        <Label className="checkout__check">
          <Checkbox value="saveToProfile" checked={props.saveToProfile} onClick={() => props.onSaveToProfile(!props.saveToProfile)} />
          <Text>{t('checkout.saveToProfile')}</Text>
        </Label>
      ) : null}
      <Text className="checkout__note">{t('checkout.deliveryTime')}</Text>
      <SlotPicker name="delivery" slots={props.slots} date={props.date} time={props.time} timeZone={props.timeZone} clock={props.clock} error={error('deliverySlot')} onDate={props.onDate} onTime={props.onTime} />
    </Section>
  )
}
