import { View, Text } from '@tarojs/components'
import { useT } from '@/hooks/useT'
import '@/i18n/walkthrough'
import './UndoBar.scss'

/** "Removed …" with Undo, after a removal the shopper may regret (a cart line, a saved address). */
export function UndoBar({ message, onUndo, className }: { message: string; onUndo(): void; className?: string }) {
  const t = useT()
  return (
    <View className={`undo-bar ${className ?? ''}`} role="status">
      <Text className="undo-bar__text">{message}</Text>
      <Text className="undo-bar__action" role="button" tabIndex={0} onClick={onUndo}>
        {t('walk.undo')}
      </Text>
    </View>
  )
}
