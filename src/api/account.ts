/** Account calls (spec §7 Account and common): e-mail sign-in, registration, passwords, profile, addresses, store credit, verified contact. */
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

/** The identity documents a verified contact may name (server/CONTRACT.md, Verified contact). */
export const ID_TYPES = ['NATIONAL_ID', 'PASSPORT', 'DRIVERS_LICENCE'] as const
export type IdType = (typeof ID_TYPES)[number]

/** NONE until the shopper submits; PENDING until the store has checked the document; any change makes it PENDING again. */
export type VerifiedContactStatus = 'NONE' | 'PENDING' | 'VERIFIED'

/** The shopper's verified contact as the server shows it (every field null while NONE). */
export interface VerifiedContact {
  status: VerifiedContactStatus
  realName: string | null
  phone: string | null
  idType: IdType | null
  /** Masked by the server: every character but the last 4 is '*'. The full number never comes back. */
  idNumber: string | null
  /** 'user/<id>', the ID photo, served only to its owner. */
  idImage: string | null
  submittedAt: string | null
  verifiedAt: string | null
}

/** POST verifiedContact takes every field; PUT any of them (a missing idNumber / idImage keeps the one on file). */
export interface VerifiedContactEntry {
  realName: string
  phone: string
  idType: IdType
  idNumber: string
  /** The `idImage` answered by uploadIdPhoto. */
  idImage: string
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
  storeCreditHistory: () => http.get<StoreCreditHistory>('/admin/storeCreditManagement/storeCreditHistory'),
  verifiedContact: () => http.get<VerifiedContact>('/admin/userManagement/verifiedContact/idNumber'),
  submitVerifiedContact: (entry: VerifiedContactEntry) => http.post<VerifiedContact>('/admin/userManagement/verifiedContact', entry),
  updateVerifiedContact: (changes: Partial<VerifiedContactEntry>) => http.put<VerifiedContact>('/admin/userManagement/verifiedContact', changes),
  uploadIdPhoto: (filePath: string) =>
    upload<{ id: string; idImage: string }>('/admin/userManagement/image/verifiedContact/upload', filePath, 'file')
}
