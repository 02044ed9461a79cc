import { View, Text } from '@tarojs/components'
import { Button } from '@/components/taro/Button'
import type { Address } from '@/api/account'
import { useAddresses } from '@/hooks/useAddresses'
import { useFieldLink } from '@/hooks/useFieldLink'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import { EmptyState } from '@/components/common/EmptyState'
import { UndoBar } from '@/components/common/UndoBar'
import { BusyButton } from './BusyButton'
import { Field, FormError } from './Field'
import { InNameOrder } from './InNameOrder'
import { fullName } from '@/domain/personName'
import { useLocale } from '@/stores/locale'
import { SelectPicker } from './SelectPicker'
import '@/i18n/walkthrough'
import './MyAccount.scss'

const oneLine = (a: Address) =>
  [a.unit ? `${a.unit}-${a.streetNumberAndNameDetails}` : a.streetNumberAndNameDetails, a.city, a.province, a.postCode, a.country].join(', ')

/** Saved addresses (what checkout offers); countries and provinces come from the server. */
export function AddressBook() {
  const t = useT()
  const localized = useLocalized()
  const language = useLocale((s) => s.language)
  const a = useAddresses()
  const { form } = a
  const countryOptions = a.countries.map((c) => ({ value: c.code, label: localized(c.nameContent, c.name) }))
  const provinceOptions = a.provinces.map((p) => ({ value: p.code, label: localized(p.nameContent, p.name) }))
  const pickerTexts = { okText: t('account.field.pickerDone'), cancelText: t('user.cancel') }
  const countryLink = useFieldLink(form.errors.country)
  const provinceLink = useFieldLink(form.errors.province)

  return (
    <View className="my-account__section address-book">
      <Text className="my-account__heading">{t('user.addresses.title')}</Text>
      {a.loadError ? <EmptyState tone="error" message={t('common.error', { message: a.loadError })} action={{ label: t('common.retry'), onClick: a.reload }} /> : null}
      {a.addresses?.length === 0 && a.editing === null ? <Text className="my-account__empty">{t('user.addresses.empty')}</Text> : null}
      {a.addresses?.map((address, index) => (
        <View key={address.id ?? index} className="address-card">
          <Text className="address-card__name">
            {fullName(address.firstName, address.lastName, language)}
            {address.isDefault ? ` · ${t('user.addresses.default')}` : ''}
          </Text>
          <Text className="address-card__line">{oneLine(address)}</Text>
          <Text className="address-card__line">{address.phone}</Text>
          <View className="my-account__actions">
            <Button size="mini" onClick={() => a.startEdit(index)}>
              {t('user.addresses.edit')}
            </Button>
            <Button size="mini" onClick={() => a.remove(index)}>
              {t('user.addresses.remove')}
            </Button>
          </View>
        </View>
      ))}
      {a.removed ? <UndoBar className="address-book__undo" message={t('walk.addressRemoved')} onUndo={a.undoRemove} /> : null}
      <FormError message={a.removeError} />

      {a.editing !== null ? (
        <View className="address-form">
          <InNameOrder
            first={<Field {...form.field('firstName')} label={t('account.field.firstName')} maxlength={60} />}
            last={<Field {...form.field('lastName')} label={t('account.field.lastName')} maxlength={60} />}
          />
          <Field {...form.field('phone')} label={t('account.field.phone')} autoComplete="tel" inputType="tel" maxlength={30} />
          <Field {...form.field('streetNumberAndNameDetails')} label={t('account.field.street')} />
          <Field {...form.field('unit')} label={t('account.field.unit')} maxlength={40} />
          <Field {...form.field('city')} label={t('account.field.city')} maxlength={80} />
          <View className={form.errors.country ? `account-field account-field--invalid ${countryLink.boxClass}` : 'account-field'}>
            <Text className="account-field__label">{t('account.field.country')}</Text>
            <SelectPicker field="country" label={t('account.field.country')} options={countryOptions} value={form.values.country} placeholder={t('account.field.choose')} {...pickerTexts} onChange={a.chooseCountry} link={countryLink.control} />
            {form.errors.country ? <View className="account-field__error" id={countryLink.messageId} role="alert">{form.errors.country}</View> : null}
          </View>
          <View className={form.errors.province ? `account-field account-field--invalid ${provinceLink.boxClass}` : 'account-field'}>
            <Text className="account-field__label">{t('account.field.province')}</Text>
            <SelectPicker field="province" label={t('account.field.province')} options={provinceOptions} value={form.values.province} placeholder={t('account.field.choose')} {...pickerTexts} onChange={(code) => form.setField('province', code)} link={provinceLink.control} />
            {form.errors.province ? <View className="account-field__error" id={provinceLink.messageId} role="alert">{form.errors.province}</View> : null}
          </View>
          <Field {...form.field('postCode')} label={t('account.field.postCode')} maxlength={12} />
          <FormError message={form.serverError} />
          <View className="my-account__actions">
            <BusyButton className="my-account__primary" size="mini" busy={form.busy} onClick={a.save}>
              {t('user.save')}
            </BusyButton>
            <Button size="mini" onClick={a.cancel}>
              {t('user.cancel')}
            </Button>
          </View>
        </View>
      ) : (
        <Button size="mini" className="address-book__add" onClick={a.startNew}>
          {t('user.addresses.add')}
        </Button>
      )}
    </View>
  )
}
