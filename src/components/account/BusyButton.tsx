import type { ComponentProps } from 'react'
import { Button } from '@/components/taro/Button'

type BusyButtonProps = Omit<ComponentProps<typeof Button>, 'loading' | 'disabled'> & {
  /** Shows the spinner; also disables unless `disabled` says otherwise. */
  busy: boolean
  disabled?: boolean
}

/**
 * A Button that is disabled only while something runs. Taro's H5 button styles any `disabled` / `loading`
 * attribute, even "false", so the attributes are left out entirely when they are off.
 */
export function BusyButton({ busy, disabled = busy, ...props }: BusyButtonProps) {
  return <Button {...props} loading={busy || undefined} disabled={disabled || undefined} />
}
