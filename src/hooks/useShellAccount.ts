/** Sign-in / my-account entry shared by the header and the side menu (spec §2 Header, §4 logged in). */
import { localizedName } from '@/domain/menus'
import { showMyAccount, showSignIn } from '@/domain/session'
import { selectConfig, selectContent, selectLoggedIn, useAppInfo } from '@/stores/appInfo'
import { useLocale } from '@/stores/locale'

export const SIGN_IN_URL = '/account/login'
export const MY_ACCOUNT_URL = '/user/list'

export type AccountEntry = { kind: 'signIn'; url: typeof SIGN_IN_URL } | { kind: 'myAccount'; url: typeof MY_ACCOUNT_URL } | null

export function useAccountEntry(): AccountEntry {
  const loggedIn = useAppInfo(selectLoggedIn)
  const enableUserAccounts = useAppInfo((s) => selectConfig(s).enableUserAccounts)
  if (showSignIn(loggedIn, enableUserAccounts)) return { kind: 'signIn', url: SIGN_IN_URL }
  if (showMyAccount(loggedIn, enableUserAccounts)) return { kind: 'myAccount', url: MY_ACCOUNT_URL }
  return null
}

/**
 * The store's name in the shopper's language (storeNameContent, else storeName), or a neutral fallback while app info is
 * missing (failed start-up still shows a shell).
 */
export function useStoreName(fallback: string): string {
  const content = useAppInfo(selectContent)
  const language = useLocale((s) => s.language)
  const name = content ? localizedName({ name: content.storeName, nameContent: content.storeNameContent }, language) : ''
  return name.trim() || fallback
}
