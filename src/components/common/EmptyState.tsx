import type { ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import './EmptyState.scss'

interface EmptyStateProps {
  message: string
  /** Error states pass a retry; empty states a way onward. */
  action?: { label: string; onClick(): void }
  tone?: 'empty' | 'error'
  children?: ReactNode
}

export function EmptyState({ message, action, tone = 'empty', children }: EmptyStateProps) {
  return (
    <View className={`empty-state empty-state--${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      <Text className="empty-state__message">{message}</Text>
      {children}
      {action ? (
        // A view, not Taro's Button: the home page shows this state, and the button web component would add its
        // runtime to the first load (see components/taro/Button.ts).
        <View className="empty-state__action" role="button" tabIndex={0} onClick={action.onClick}>
          {action.label}
        </View>
      ) : null}
    </View>
  )
}
