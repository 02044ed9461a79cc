import { Text, View } from '@tarojs/components'
import { useAppInfo } from '@/stores/appInfo'
import { useT } from '@/hooks/useT'
import './SandboxMark.scss'

/** Shown on every page while the server runs its payment/identity sandbox, so nobody mistakes it for a real store. */
export function SandboxMark() {
  const sandbox = useAppInfo((s) => s.info?.appContent.appDetail?.sandbox === true)
  const t = useT()
  if (!sandbox) return null
  return (
    <View className="sandbox-mark" role="note">
      <Text>{t('common.sandbox')}</Text>
    </View>
  )
}
