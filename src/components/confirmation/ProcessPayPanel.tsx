import { View } from '@tarojs/components'
import { Spinner } from '@/components/common/Spinner'
import type { ProcessPayState } from '@/hooks/useConfirmation'
import { useT } from '@/hooks/useT'
import './ConfirmationPanel.scss'

/** Spec §2 payment-pending page: the processing text with a spinner, or the first error message. */
export function ProcessPayPanel({ state }: { state: ProcessPayState }) {
  const t = useT()
  return (
    <View className="confirmation">
      {state.kind === 'processing' ? (
        <Spinner label={t('processpay.processing')} />
      ) : (
        <View className="confirmation__error" role="alert">
          {state.message}
        </View>
      )}
    </View>
  )
}
