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
    // A landmark of its own (issue 42 p-8: axe's "region" found it outside every landmark on every page).
    <View className="sandbox-mark" role="region" aria-label={t('common.sandboxLabel')}>
      <Text role="note">{t('common.sandbox')}</Text>
    </View>
  )
}
