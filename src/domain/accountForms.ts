/**
 * Account form rules (sign-in, sign-up, passwords, profile, address) and the sign-in redirect.
 * The spec leaves form validation "not shown"; these are the house rules, checked again by the server.
 */
export type FieldError = 'required' | 'emailInvalid' | 'passwordShort' | 'passwordMismatch' | 'phoneInvalid'
export type FieldErrors<F extends string> = Partial<Record<F, FieldError>>

export const MIN_PASSWORD_LENGTH = 8

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** Digits with the usual separators and an optional leading +; 7 to 20 characters. */
const PHONE = /^\+?[0-9 ()-]{7,20}$/

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
    ['postCode', required(v.postCode)]
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
