import { Text, View } from '@tarojs/components'
import { useOnline } from '@/hooks/useOnline'
import { useT } from '@/hooks/useT'
import './OfflineNotice.scss'

/**
 * Shown while the device is offline: the page below comes from what this device saved (the PWA's
 * cache, the last cart), and changes will be refused by the server calls until the network is back.
 */
export function OfflineNotice() {
  const online = useOnline()
  const t = useT()
  if (online) return null
  return (
    <View className="offline-notice" role="status" aria-live="polite">
      <Text>{t('common.offline')}</Text>
    </View>
  )
}
