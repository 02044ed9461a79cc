/** Account calls (spec §7 Account and common): e-mail sign-in, registration, passwords, profile, addresses, store credit. */
import type { AppInfo, Localized } from './appInfo'
import { http, upload } from './http'

/** The signed-in fields of app info; sign-in calls answer with them so the client need not reload app info. */
export type SessionFields = Pick<AppInfo, 'user' | 'userID' | 'lastLoginDate' | 'myID' | 'referrerUserGroup' | 'membership'>

export interface Credentials {
  emailID: string
  password: string
}

export interface Registration extends Credentials {
  firstName: string
  lastName: string
  phone?: string
}

export interface ProfileUpdate {
  firstName: string
  lastName: string
  phone: string
}

export interface Address {
  firstName: string
  lastName: string
  phone: string
  streetNumberAndNameDetails: string
  unit?: string
  city: string
  province: string
  postCode: string
  country: string
  /** Given by the server on save; the first address is the default unless one says so. */
  id?: string
  isDefault?: boolean
}

/** Spec §7 getAddresses/{a}/type/{b}: the address book of one kind (shipping addresses are what checkout offers). */
export type AddressType = 'SHIPPING' | 'BILLING'

export interface Country {
  code: string
  name: string
  nameContent?: Localized
}

export interface Province {
  code: string
  name: string
  nameContent?: Localized
}

export interface StoreCredit {
  balance: number
  currency: string
}

export interface StoreCreditEntry {
  /** Minor units; negative when credit was spent. */
  amount: number
  reason: string
  orderID: string | null
  balanceAfter: number
  createdAt: string
}

export interface StoreCreditHistory extends StoreCredit {
  entries: StoreCreditEntry[]
}

/**
 * Answer of a platform-identity sign-in (WeChat, Alipay): a returning identity is signed in; a new one waits in the
 * server session until it is registered as a new account or linked to an e-mail account.
 */
export type IdentitySignIn<Extra = object> = ({ identity: 'RETURNING' } & SessionFields & Extra) | ({ identity: 'NEW' } & Extra)

/** Answer of register / link: the identity now belongs to the signed-in account. */
export type IdentityJoined<Extra = object> = SessionFields & Extra

/** Pulls the signed-in fields out of a sign-in answer (which may carry more). */
export function sessionFields(answer: SessionFields): SessionFields {
  const { user, userID, lastLoginDate, myID, referrerUserGroup, membership } = answer
  return { user, userID, lastLoginDate, myID, referrerUserGroup, membership }
}

export const accountApi = {
  signon: (credentials: Credentials) => http.post<SessionFields>('/common3/signon', credentials),
  register: (registration: Registration) => http.post<SessionFields>('/common3/clientRegistration', registration),
  logout: () => http.get<unknown>('/common3/logout'),
  forgotPassword: (emailID: string) => http.get<unknown>('/common3/forgotPassword', { emailID }),
  resetPasswordExternal: (token: string, password: string) => http.post<unknown>('/common3/resetPasswordExternal', { token, password }),
  resetPassword: (oldPassword: string, newPassword: string) =>
    http.post<unknown>('/admin/userManagement/resetPassword', { oldPassword, newPassword }),
  updateProfile: (profile: ProfileUpdate) => http.put<SessionFields>('/admin/userManagement/userInfo', profile),
  uploadProfileImage: (filePath: string) => upload<{ profileImage: string }>('/admin/userManagement/image/upload', filePath, 'file'),
  addresses: (userID: string, type: AddressType) =>
    http.get<{ addresses: Address[] }>(`/admin/userManagement/getAddresses/${encodeURIComponent(userID)}/type/${type}`),
  updateAddresses: (userID: string, type: AddressType, addresses: Address[]) =>
    http.post<{ addresses: Address[] }>(`/admin/userManagement/updateAddresses/${encodeURIComponent(userID)}/${type}`, { addresses }),
  countries: () => http.get<Country[]>('/common3/supportedCountries'),
  provinces: (country: string) => http.get<Province[]>(`/common3/provinces/${encodeURIComponent(country)}`),
  storeCredit: () => http.get<StoreCredit>('/admin/storeCreditManagement/storeCredit'),
  storeCreditHistory: () => http.get<StoreCreditHistory>('/admin/storeCreditManagement/storeCreditHistory')
}
