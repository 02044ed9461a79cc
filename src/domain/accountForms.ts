/**
 * Form rules (sign-in, sign-up, passwords, profile, address, verified contact, the contact page) and the sign-in redirect.
 * The spec leaves form validation "not shown"; these are the house rules, checked again by the server.
 */
import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH, PHONE_PATTERN } from '@contract/constants'
import type { IdType } from '@contract/constants'
import { postcodeProblem } from './postcode'

export type FieldError =
  | 'required'
  | 'emailInvalid'
  | 'passwordShort'
  | 'passwordMismatch'
  | 'phoneInvalid'
  | 'nameInvalid'
  | 'idNumberInvalid'
  | 'passportNumberInvalid'
  | 'photoRequired'
  | 'emailOrPhone'
  | 'postCodeFormat'
  | 'postCodeProvince'
  | 'orderNumber'
export type FieldErrors<F extends string> = Partial<Record<F, FieldError>>

export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH

/** The server's own patterns, so a form never passes what the server then refuses (or the reverse). */
const EMAIL = new RegExp(EMAIL_PATTERN)
const PHONE = new RegExp(PHONE_PATTERN)

const blank = (value: string | undefined) => !value || value.trim() === ''

function collect<F extends string>(checks: [F, FieldError | null][]): FieldErrors<F> {
  const errors: FieldErrors<F> = {}
  for (const [field, error] of checks) if (error && !errors[field]) errors[field] = error
  return errors
}

const required = (value: string | undefined): FieldError | null => (blank(value) ? 'required' : null)
const email = (value: string): FieldError | null => required(value) ?? (EMAIL.test(value.trim()) ? null : 'emailInvalid')
const newPassword = (value: string): FieldError | null =>
  required(value) ?? (value.length < MIN_PASSWORD_LENGTH ? 'passwordShort' : null)
const confirmation = (password: string, confirm: string): FieldError | null =>
  required(confirm) ?? (confirm !== password ? 'passwordMismatch' : null)
const optionalPhone = (value: string | undefined): FieldError | null =>
  blank(value) || PHONE.test((value ?? '').trim()) ? null : 'phoneInvalid'
const requiredPhone = (value: string): FieldError | null => required(value) ?? optionalPhone(value)

export const hasErrors = (errors: object) => Object.keys(errors).length > 0

export interface SignInValues {
  emailID: string
  password: string
}
/** Signing in checks only presence and shape: a stored password may predate today's length rule. */
export const validateSignIn = (v: SignInValues) =>
  collect<keyof SignInValues>([
    ['emailID', email(v.emailID)],
    ['password', required(v.password)]
  ])

export interface SignUpValues {
  firstName: string
  lastName: string
  emailID: string
  password: string
  confirmPassword: string
}
export const validateSignUp = (v: SignUpValues) =>
  collect<keyof SignUpValues>([
    ['firstName', required(v.firstName)],
    ['lastName', required(v.lastName)],
    ['emailID', email(v.emailID)],
    ['password', newPassword(v.password)],
    ['confirmPassword', confirmation(v.password, v.confirmPassword)]
  ])

export const validateEmail = (v: { emailID: string }) => collect<'emailID'>([['emailID', email(v.emailID)]])

export interface NewPasswordValues {
  /** Only when changing the password while signed in. */
  oldPassword?: string
  password: string
  confirmPassword: string
}
export const validateNewPassword = (v: NewPasswordValues, needsOld: boolean) =>
  collect<keyof NewPasswordValues>([
    ['oldPassword', needsOld ? required(v.oldPassword) : null],
    ['password', newPassword(v.password)],
    ['confirmPassword', confirmation(v.password, v.confirmPassword)]
  ])

export interface ProfileValues {
  firstName: string
  lastName: string
  phone: string
}
export const validateProfile = (v: ProfileValues) =>
  collect<keyof ProfileValues>([
    ['firstName', required(v.firstName)],
    ['lastName', required(v.lastName)],
    ['phone', optionalPhone(v.phone)]
  ])

export interface AddressValues {
  firstName: string
  lastName: string
  phone: string
  streetNumberAndNameDetails: string
  unit?: string
  city: string
  province: string
  postCode: string
  country: string
}
export const validateAddress = (v: AddressValues) =>
  collect<keyof AddressValues>([
    ['firstName', required(v.firstName)],
    ['lastName', required(v.lastName)],
    ['phone', requiredPhone(v.phone)],
    ['streetNumberAndNameDetails', required(v.streetNumberAndNameDetails)],
    ['city', required(v.city)],
    ['country', required(v.country)],
    ['province', required(v.province)],
    ['postCode', required(v.postCode) ?? postcodeError(v.country, v.province, v.postCode)]
  ])

/** A Canadian address's postal code: the A1A 1A1 format, and a first letter of the chosen province (src/domain/postcode.ts). */
function postcodeError(country: string, province: string, postCode: string): FieldError | null {
  const problem = postcodeProblem(country, province, postCode)
  return problem === 'format' ? 'postCodeFormat' : problem === 'province' ? 'postCodeProvince' : null
}

export interface ContactValues {
  name: string
  email: string
  phone: string
  message: string
}
/** The contact page: a name, a message, and an e-mail or a phone to answer (either is enough; what is given must be valid). */
export const validateContact = (v: ContactValues) => {
  const reachable = !blank(v.email) || !blank(v.phone)
  return collect<keyof ContactValues>([
    ['name', required(v.name)],
    ['email', reachable ? (blank(v.email) ? null : email(v.email)) : 'emailOrPhone'],
    ['phone', optionalPhone(v.phone)],
    ['message', required(v.message)]
  ])
}

export interface VerifiedContactValues {
  realName: string
  phone: string
  idType: IdType | ''
  /** As typed; spaces and hyphens are dropped and letters upper-cased before it is checked and sent. */
  idNumber: string
  /** A chosen photo's local path ('' = none chosen). */
  photo: string
}

/** Letters and digits after normalising: passports 6 to 12, the other documents 6 to 30 (as the server). */
export const ID_NUMBER_LENGTH: Record<IdType, [number, number]> = { NATIONAL_ID: [6, 30], PASSPORT: [6, 12], DRIVERS_LICENCE: [6, 30] }
export const normaliseIdNumber = (value: string) => value.replace(/[\s-]/g, '').toUpperCase()

/**
 * Some character that is not a digit, space or ASCII punctuation: a letter of any script
 * (not \p{L}, which older mini-program engines lack). */
const NAME_LETTER = /[^\s\d!-\/:-@[-`{-~]/

function idNumber(v: VerifiedContactValues, needed: boolean): FieldError | null {
  if (blank(v.idNumber)) return needed ? 'required' : null
  if (!v.idType) return null
  const n = normaliseIdNumber(v.idNumber)
  const [min, max] = ID_NUMBER_LENGTH[v.idType]
  if (/^[A-Z0-9]+$/.test(n) && n.length >= min && n.length <= max) return null
  return v.idType === 'PASSPORT' ? 'passportNumberInvalid' : 'idNumberInvalid'
}

/**
 * A first submission needs every field and a photo. A change (`onFile`: what the server holds) may leave the id number
 * and photo empty to keep them, except that a new ID type needs its own number.
 */
export const validateVerifiedContact = (v: VerifiedContactValues, onFile: { idType: IdType | null } | null) =>
  collect<keyof VerifiedContactValues>([
    ['realName', required(v.realName) ?? (NAME_LETTER.test(v.realName) && !/[<>]/.test(v.realName) ? null : 'nameInvalid')],
    ['phone', requiredPhone(v.phone)],
    ['idType', v.idType ? null : 'required'],
    ['idNumber', idNumber(v, !onFile || (!!v.idType && v.idType !== onFile.idType))],
    ['photo', onFile || !blank(v.photo) ? null : 'photoRequired']
  ])

export const ACCOUNT_HOME = '/user/list'
export const LOGIN_PATH = '/account/login'

/** Where to go after signing in: an in-store path from `redirect`, never another site (//host or scheme:). */
export function redirectAfterSignIn(redirect: string | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || /^\/[\\]/.test(redirect)) return ACCOUNT_HOME
  if (redirect.startsWith(LOGIN_PATH) || redirect.startsWith('/account/signup')) return ACCOUNT_HOME
  return redirect
}

/** Guests on a signed-in page go to sign-in and come back after. */
export const signInUrlFor = (path: string) => `${LOGIN_PATH}?redirect=${encodeURIComponent(path)}`

/** 401 never says which of e-mail or password was wrong; 429 is the server's brake on repeated failures. */
export function explainSignInError(error: { status: number }) {
  if (error.status === 401) return 'account.login.wrongCredentials' as const
  if (error.status === 429) return 'account.login.tooManyAttempts' as const
  return null
}
