import type { PropsWithChildren } from 'react'
import { useRequireUser } from '@/hooks/useAccount'
import { useT } from '@/hooks/useT'
import { Spinner } from '@/components/common/Spinner'

/** Renders its children for signed-in shoppers; guests are sent to sign-in (spec §6). */
export function SignedIn({ children }: PropsWithChildren) {
  const t = useT()
  const { ready } = useRequireUser()
  return ready ? <>{children}</> : <Spinner label={t('common.loading')} />
}
