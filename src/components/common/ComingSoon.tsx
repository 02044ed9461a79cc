import { View, Text } from '@tarojs/components'
import { useT } from '@/hooks/useT'

/** Honest body for an area a later release fills. */
export function ComingSoon() {
  const t = useT()
  return (
    <View className="coming-soon">
      <Text>{t('common.comingSoon')}</Text>
    </View>
  )
}
