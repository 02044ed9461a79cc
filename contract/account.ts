/** E-mail accounts, passwords, profile, address book, countries, store credit, verified contact (spec §7 Account and common). */
import { Type, type Static } from '@sinclair/typebox'
import { ID_TYPES, STORE_CREDIT_REASONS, VERIFIED_CONTACT_STATUSES } from './constants.ts'
import { Localized, Nullable, StringEnum } from './common.ts'
import { ReferralId } from './referral.ts'

export { SessionFields } from './appInfo.ts'

const EmailID = Type.String({ maxLength: 254 })
const Password = Type.String({ maxLength: 200 })
const Name = Type.String({ maxLength: 60 })

export const Credentials = Type.Object({ emailID: EmailID, password: Password })
export type Credentials = Static<typeof Credentials>

/** The server checks each field itself and answers every problem at once (400). The phone is the profile's to set. */
/** `referrerID`: the referral id of the share link the visitor arrived through (attributed at registration, spec §1). */
export const Registration = Type.Object({ emailID: EmailID, password: Password, firstName: Name, lastName: Name, referrerID: Type.Optional(ReferralId) })
export type Registration = Static<typeof Registration>

export const ForgotPasswordQuery = Type.Object({ emailID: Type.String({ minLength: 1, maxLength: 254 }) })
export type ForgotPasswordQuery = Static<typeof ForgotPasswordQuery>
export const ForgotPasswordAnswer = Type.Object({ ok: Type.Boolean(), message: Type.String() })
export type ForgotPasswordAnswer = Static<typeof ForgotPasswordAnswer>
export const ResetPasswordExternalBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Password })
export type ResetPasswordExternalBody = Static<typeof ResetPasswordExternalBody>
/** A reset also unjoins the account's WeChat/Alipay identities; `unlinked` names them so the owner can join theirs again. */
export const PasswordResetDone = Type.Object({ ok: Type.Boolean(), unlinked: Type.Array(StringEnum(['wechat', 'alipay'])) })
export type PasswordResetDone = Static<typeof PasswordResetDone>
/** POST common3/verifyEmail: the token of the link mailed to the account's address. */
export const VerifyEmailBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) })
export type VerifyEmailBody = Static<typeof VerifyEmailBody>
/** verifyEmail: the address now confirmed; emailVerification (resend): the address the link went to. */
export const EmailVerification = Type.Object({ ok: Type.Boolean(), emailID: Type.String() })
export type EmailVerification = Static<typeof EmailVerification>
export const ResetPasswordBody = Type.Object({ oldPassword: Password, newPassword: Password })
export type ResetPasswordBody = Static<typeof ResetPasswordBody>

/** PUT userInfo: any of the fields; a missing one is kept. */
export const ProfileUpdate = Type.Object({
  firstName: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  lastName: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  phone: Type.Optional(Type.String({ maxLength: 30 })),
  profileImage: Type.Optional(Type.String({ maxLength: 500, description: 'an https URL or an image name' }))
})
export type ProfileUpdate = Static<typeof ProfileUpdate>

export const Address = Type.Object({
  firstName: Name,
  lastName: Name,
  phone: Type.String({ maxLength: 30 }),
  streetNumberAndNameDetails: Type.String({ maxLength: 200 }),
  unit: Type.Optional(Type.String({ maxLength: 40 })),
  city: Type.String({ maxLength: 80 }),
  province: Type.String({ maxLength: 10 }),
  postCode: Type.String({ maxLength: 12 }),
  country: Type.String({ maxLength: 4 }),
  /** The first address is the default unless one says so. */
  isDefault: Type.Optional(Type.Boolean()),
  /** Given by the server on save. */
  id: Type.Optional(Type.String({ maxLength: 40 }))
})
export type Address = Static<typeof Address>

/** getAddresses/{a}/type/{b}: `a` is 'me' or the shopper's userID, `b` SHIPPING or BILLING (any case). */
export const AddressBookParams = Type.Object({ a: Type.String({ maxLength: 20 }), b: Type.String({ maxLength: 20 }) })
export type AddressBookParams = Static<typeof AddressBookParams>
export const Addresses = Type.Object({ addresses: Type.Array(Address) })
export type Addresses = Static<typeof Addresses>
export const UpdateAddressesBody = Type.Object({ addresses: Type.Array(Address, { maxItems: 10 }) })
export type UpdateAddressesBody = Static<typeof UpdateAddressesBody>

export const Country = Type.Object({ code: Type.String(), name: Type.String(), nameContent: Localized })
export type Country = Static<typeof Country>
export const Countries = Type.Array(Country)
export type Countries = Static<typeof Countries>
/** A province or state; same shape as a country. */
export const Province = Country
export type Province = Country
export const CountryParams = Type.Object({ country: Type.String({ maxLength: 10 }) })
export type CountryParams = Static<typeof CountryParams>

export const StoreCredit = Type.Object({ balance: Type.Integer(), currency: Type.String() })
export type StoreCredit = Static<typeof StoreCredit>
export const StoreCreditEntry = Type.Object({
  /** Minor units; negative when credit was spent. */
  amount: Type.Integer(),
  reason: StringEnum(STORE_CREDIT_REASONS),
  orderID: Nullable(Type.String()),
  balanceAfter: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' })
})
export type StoreCreditEntry = Static<typeof StoreCreditEntry>
export const StoreCreditHistory = Type.Object({ ...StoreCredit.properties, entries: Type.Array(StoreCreditEntry) })
export type StoreCreditHistory = Static<typeof StoreCreditHistory>

export const ProfileImageUpload = Type.Object({ id: Type.String(), profileImage: Type.String() })
export type ProfileImageUpload = Static<typeof ProfileImageUpload>
export const IdPhotoUpload = Type.Object({ id: Type.String(), idImage: Type.String() })
export type IdPhotoUpload = Static<typeof IdPhotoUpload>
/** Uploads are multipart/form-data with the image in field "file" (PNG, JPEG, GIF or WebP, at most 5 MB). */
export const UploadParams = Type.Object({ id: Type.String({ pattern: '^[a-f0-9]{32}$' }) })
export type UploadParams = Static<typeof UploadParams>

/**
 * The shopper's verified contact as the server shows it (every field null while NONE). A closed object: the full id
 * number can never slip out.
 */
export const VerifiedContact = Type.Object({
  status: StringEnum(VERIFIED_CONTACT_STATUSES),
  realName: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  idType: Nullable(StringEnum(ID_TYPES)),
  /** Masked: every character but the last 4 is '*'. */
  idNumber: Nullable(Type.String()),
  /** 'user/<id>', the ID photo, served only to its owner. */
  idImage: Nullable(Type.String()),
  submittedAt: Nullable(Type.String()),
  verifiedAt: Nullable(Type.String()),
  /**
   * The version of the purpose text (ID_PURPOSE_VERSION) the shopper gave their separate consent to, and when; null
   * until they do. ID details are taken only with consent to the current version (else 403).
   */
  consentVersion: Nullable(Type.String()),
  consentGivenAt: Nullable(Type.String()),
  /** When the ID number and photo on file will be deleted (the store's retention period, ID_RETENTION_DAYS). */
  idDeleteAt: Nullable(Type.String()),
  /** When they were deleted at the end of the retention period (the verified status stays). */
  idErasedAt: Nullable(Type.String()),
  /** The store's retention period (ID_RETENTION_DAYS): the ID number and photo are deleted this many days after verification. */
  retentionDays: Type.Integer({ minimum: 1 })
})
export type VerifiedContact = Static<typeof VerifiedContact>

/** The shopper's separate consent to the purpose of collecting ID details (PIPL Art. 29): the version they read. */
export const IdConsentEntry = Type.Object({
  purposeVersion: Type.String({ maxLength: 40, description: 'ID_PURPOSE_VERSION of contract/constants.ts' })
})
export type IdConsentEntry = Static<typeof IdConsentEntry>

/**
 * POST verifiedContact takes every field; PUT any of them (a missing idNumber / idImage keeps the one on file). Lengths
 * are generous: the server checks each field and words every problem.
 */
export const VerifiedContactEntry = Type.Object({
  realName: Type.Optional(Type.String({ maxLength: 200 })),
  phone: Type.Optional(Type.String({ maxLength: 40 })),
  idType: Type.Optional(Type.String({ maxLength: 40, description: ID_TYPES.join(', ') })),
  idNumber: Type.Optional(Type.String({ maxLength: 60 })),
  /** The `idImage` answered by the ID photo upload. */
  idImage: Type.Optional(Type.String({ maxLength: 100 }))
})
export type VerifiedContactEntry = Static<typeof VerifiedContactEntry>
