import { View } from '@tarojs/components'
import { platform } from '@/platform'
import './AccountForm.scss'

/** In-store link to a public URL of the spec. */
export function TextLink({ to, label, className }: { to: string; label: string; className?: string }) {
  return (
    <View className={`account-form__link ${className ?? ''}`} role="link" tabIndex={0} onClick={() => platform.navigate(to)}>
      {label}
    </View>
  )
}
