import { Text, View } from '@tarojs/components'
import { provinceName as provinceWords } from '@/domain/provinces'
import { useLocationPicker } from '@/hooks/useLocationPicker'
import { useLocale } from '@/stores/locale'
import { useT } from '@/hooks/useT'
import { ModalFrame } from './ModalFrame'
import './LocationModal.scss'

/** Spec §2 location modal: provinces, then the chosen province's stores. */
export function LocationModal() {
  const t = useT()
  const p = useLocationPicker()
  const language = useLocale((s) => s.language)
  if (!p.isOpen) return null
  const provinceName = (province: string) => (province ? provinceWords(province, language) : t('location.otherProvince'))

  return (
    <ModalFrame title={t('location.title')} onClose={p.close}>
      {p.province === null ? (
        p.provinces.length === 0 ? (
          <Text className="location__empty">{t('location.empty')}</Text>
        ) : (
          <View className="location__list">
            {p.provinces.map((group) => (
              <View key={group.province} className="location__row" role="button" tabIndex={0} onClick={() => p.chooseProvince(group.province)}>
                <Text className="location__name">{provinceName(group.province)}</Text>
                <Text className="location__count">{t('location.storeCount', { count: group.storeCount })} ›</Text>
              </View>
            ))}
          </View>
        )
      ) : (
        <View className="location__list">
          <View className="location__back" role="button" tabIndex={0} onClick={p.backToProvinces}>
            <Text>‹ {t('location.back')}</Text>
          </View>
          <Text className="location__heading">{t('location.stores', { province: provinceName(p.province) })}</Text>
          {p.stores.map((entry) => (
            <View
              key={entry.id}
              className={`location__row location__store${entry.selected ? ' location__store--selected' : ''}${p.pending ? ' location__store--pending' : ''}`}
              role="button"
              tabIndex={0}
              aria-current={entry.selected ? 'true' : undefined}
              onClick={() => {
                if (!p.pending) void p.chooseStore(entry.store)
              }}
            >
              <View className="location__store-text">
                <Text className="location__name">{entry.name}</Text>
                {entry.address && <Text className="location__address">{entry.address}</Text>}
              </View>
              {entry.selected && <Text className="location__current">{t('location.current')}</Text>}
            </View>
          ))}
        </View>
      )}
      {p.error && <Text className="location__error">{p.error}</Text>}
    </ModalFrame>
  )
}
