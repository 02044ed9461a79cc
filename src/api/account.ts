/**
 * Account calls (spec §7 Account and common): e-mail sign-in, registration, passwords, profile, addresses, store credit,
 * verified contact. Payload types: contract/account.ts.
 */
import type {
  Address,
  Addresses,
  Country,
  Credentials,
  IdPhotoUpload,
  PasswordResetDone,
  ProfileImageUpload,
  ProfileUpdate,
  Registration,
  SessionFields,
  StoreCredit,
  StoreCreditHistory,
  VerifiedContact,
  VerifiedContactEntry
} from '@contract/account'
import type { AddressType } from '@contract/constants'
import { download, http, upload } from './http'

export type {
  Address,
  Country,
  Credentials,
  PasswordResetDone,
  ProfileUpdate,
  Province,
  Registration,
  SessionFields,
  StoreCredit,
  StoreCreditEntry,
  StoreCreditHistory,
  VerifiedContact,
  VerifiedContactEntry
} from '@contract/account'
export type { IdentityJoined, IdentitySignIn } from '@contract/identity'
export { ID_PURPOSE_VERSION, ID_TYPES, type AddressType, type IdType, type VerifiedContactStatus } from '@contract/constants'

/** Pulls the signed-in fields out of a sign-in answer (which may carry more). */
export function sessionFields(answer: SessionFields): SessionFields {
  const { user, userID, lastLoginDate, myID, referrerUserGroup, membership, emailVerified } = answer
  return { user, userID, lastLoginDate, myID, referrerUserGroup, membership, ...(emailVerified === undefined ? {} : { emailVerified }) }
}

export const accountApi = {
  signon: (credentials: Credentials) => http.post<SessionFields>('/common3/signon', credentials),
  register: (registration: Registration) => http.post<SessionFields>('/common3/clientRegistration', registration),
  logout: () => http.get<unknown>('/common3/logout'),
  forgotPassword: (emailID: string) => http.get<unknown>('/common3/forgotPassword', { emailID }),
  resetPasswordExternal: (token: string, password: string) => http.post<PasswordResetDone>('/common3/resetPasswordExternal', { token, password }),
  resetPassword: (oldPassword: string, newPassword: string) =>
    http.post<unknown>('/admin/userManagement/resetPassword', { oldPassword, newPassword }),
  updateProfile: (profile: ProfileUpdate) => http.put<SessionFields>('/admin/userManagement/userInfo', profile),
  /** The signed-in fields as they are now (a paid membership, a joined referral group). */
  userInfo: () => http.get<SessionFields>('/admin/userManagement/userInfo'),
  uploadProfileImage: (filePath: string) => upload<ProfileImageUpload>('/admin/userManagement/image/upload', filePath, 'file'),
  addresses: (userID: string, type: AddressType) =>
    http.get<Addresses>(`/admin/userManagement/getAddresses/${encodeURIComponent(userID)}/type/${type}`),
  updateAddresses: (userID: string, type: AddressType, addresses: Address[]) =>
    http.post<Addresses>(`/admin/userManagement/updateAddresses/${encodeURIComponent(userID)}/${type}`, { addresses }),
  countries: () => http.get<Country[]>('/common3/supportedCountries'),
  provinces: (country: string) => http.get<Country[]>(`/common3/provinces/${encodeURIComponent(country)}`),
  storeCredit: () => http.get<StoreCredit>('/admin/storeCreditManagement/storeCredit'),
  storeCreditHistory: () => http.get<StoreCreditHistory>('/admin/storeCreditManagement/storeCreditHistory'),
  verifiedContact: () => http.get<VerifiedContact>('/admin/userManagement/verifiedContact/idNumber'),
  /** POST takes every field; PUT (update) any of them. */
  submitVerifiedContact: (entry: Required<VerifiedContactEntry>) => http.post<VerifiedContact>('/admin/userManagement/verifiedContact', entry),
  updateVerifiedContact: (changes: VerifiedContactEntry) => http.put<VerifiedContact>('/admin/userManagement/verifiedContact', changes),
  /** The separate consent to the purpose of collecting ID details, to the version of the text shown (ID_PURPOSE_VERSION). */
  consentToIdPurpose: (purposeVersion: string) => http.post<VerifiedContact>('/admin/userManagement/verifiedContact/consent', { purposeVersion }),
  /** The shopper's own delete: contact, ID number, photo and consent. */
  deleteVerifiedContact: () => http.delete<VerifiedContact>('/admin/userManagement/verifiedContact'),
  uploadIdPhoto: (filePath: string) => upload<IdPhotoUpload>('/admin/userManagement/image/verifiedContact/upload', filePath, 'file'),
  /** The ID photo on file (`idImage` 'user/<id>'), served to its owner's session only: an address an <Image> can show. */
  idPhoto: (idImage: string) => download(`/admin/userManagement/image/user/${encodeURIComponent(idImage.replace(/^user\//, ''))}`)
}
