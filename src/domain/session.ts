/** Spec §4 "Logged in" and §6 header sign-in / my-account. */
export interface LoginInfo {
  user?: unknown
  lastLoginDate?: unknown
  userID?: unknown
}

/** Present and non-empty: not null/undefined, not a blank string, not an empty object/array, not false/NaN. */
function filled(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false
  if (typeof value === 'string') return value.trim() !== ''
  if (typeof value === 'number') return !Number.isNaN(value)
  if (Array.isArray(value)) return value.length > 0
  if (typeof value === 'object') return Object.keys(value as object).length > 0
  return true
}

/** The login check requires user, lastLoginDate and userID all present. */
export function isLoggedIn(info: LoginInfo | null | undefined): boolean {
  return !!info && filled(info.user) && filled(info.lastLoginDate) && filled(info.userID)
}

/** Sign in (/account/login): shown when not logged in and user accounts enabled. */
export function showSignIn(loggedIn: boolean, enableUserAccounts: boolean | undefined): boolean {
  return !loggedIn && enableUserAccounts === true
}

/** My account (/user/list): shown when logged in and user accounts enabled. */
export function showMyAccount(loggedIn: boolean, enableUserAccounts: boolean | undefined): boolean {
  return loggedIn && enableUserAccounts === true
}
