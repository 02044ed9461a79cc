import { View, Text } from '@tarojs/components'
import type { StoreLocation } from '@/api/appInfo'
import { storeAddressLine } from '@/domain/checkoutForm'
import { useLocalized } from '@/hooks/useLocalized'
import { useFieldLink } from '@/hooks/useFieldLink'
import { useT } from '@/hooks/useT'
import { Choices, FieldMessage } from './Choices'

/** The store to collect from or eat in, with the chosen one's address. */
export function StoreChoice({ stores, selected, error, onChoose }: { stores: StoreLocation[]; selected: string; error?: string; onChoose(id: string): void }) {
  const t = useT()
  const localized = useLocalized()
  const link = useFieldLink(error)
  const address = storeAddressLine(stores.find((s) => s.id === selected)?.address)
  return (
    <View className={link.boxClass}>
      <Text className="checkout__note">{t('checkout.store')}</Text>
      <Choices name="store" options={stores.map((s) => ({ value: s.id, label: localized(s.localStoreNameContent, s.localStoreName) }))} selected={selected} onSelect={onChoose} link={link.control} />
      {address ? (
        <Text className="checkout__note checkout__store-address" data-store={selected}>
          {address}
        </Text>
      ) : null}
      <FieldMessage text={error} id={link.messageId} />
    </View>
  )
}
