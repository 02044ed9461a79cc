import type { ReactNode } from 'react'
import { View, Text, Button } from '@tarojs/components'
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
        <Button className="empty-state__action" size="mini" onClick={action.onClick}>
          {action.label}
        </Button>
      ) : null}
    </View>
  )
}
