import { View } from '@tarojs/components'
import { Spinner } from '@/components/common/Spinner'
import { Shell } from '@/components/shell/Shell'
import { useProcessPay } from '@/hooks/useConfirmation'
import { useRoute } from '@/hooks/useRoute'
import { useT } from '@/hooks/useT'
import '@/components/confirmation/ConfirmationPanel.scss'

/** /processpay?code=: the WeChat browser's in-page payment bridge (spec §2 payment-pending page). */
export default function Page() {
  const t = useT()
  const route = useRoute()
  const state = useProcessPay(route.params, t('processpay.noCode'))
  return (
    <Shell>
      <View className="confirmation">
        {state.kind === 'processing' ? (
          <Spinner label={t('processpay.processing')} />
        ) : (
          <View className="confirmation__error" role="alert">
            {state.message}
          </View>
        )}
      </View>
    </Shell>
  )
}
