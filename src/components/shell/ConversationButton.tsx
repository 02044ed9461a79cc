import type { PropsWithChildren } from 'react'
import { Button } from '@/components/taro/Button'

/** WeChat's customer-service conversation opens only from a tap on a button with open-type="contact". */
export function ConversationButton({ className, label, children }: PropsWithChildren<{ className: string; label: string }>) {
  return (
    <Button className={className} openType="contact" ariaLabel={label}>
      {children}
    </Button>
  )
}
