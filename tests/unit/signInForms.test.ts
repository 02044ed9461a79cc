/** Account form rules and the sign-in redirect (src/domain/accountForms.ts). */
import {
  explainSignInError,
  MIN_PASSWORD_LENGTH,
  redirectAfterSignIn,
  signInUrlFor,
  validateAddress,
  validateNewPassword,
  validateSignIn,
  validateSignUp
} from '@/domain/accountForms'

describe('after sign-in', () => {
  it.each([
    [undefined, '/user/list'],
    ['', '/user/list'],
    ['/user/orders/100012', '/user/orders/100012'],
    ['/checkout?step=2', '/checkout?step=2'],
    ['//evil.example/path', '/user/list'],
    ['/\\evil.example', '/user/list'],
    ['https://evil.example', '/user/list'],
    ['javascript:alert(1)', '/user/list'],
    ['/account/login?redirect=/x', '/user/list'],
    ['/account/signup', '/user/list']
  ])('redirect %p goes to %p', (redirect, expected) => {
    expect(redirectAfterSignIn(redirect)).toBe(expected)
  })

  it('guests are sent to sign-in with the path to come back to', () => {
    expect(signInUrlFor('/user/orders/7')).toBe('/account/login?redirect=%2Fuser%2Forders%2F7')
  })
})

describe('sign-in and sign-up fields', () => {
  it('sign-in needs an e-mail of the right shape and any password (old ones may be shorter than today’s rule)', () => {
    expect(validateSignIn({ emailID: '', password: '' })).toEqual({ emailID: 'required', password: 'required' })
    expect(validateSignIn({ emailID: 'a@b', password: 'x' })).toEqual({ emailID: 'emailInvalid' })
    expect(validateSignIn({ emailID: ' a@b.co ', password: 'x' })).toEqual({})
  })

  it('sign-up: names, e-mail, a password of at least 8 characters typed twice alike', () => {
    const ok = { firstName: 'Lin', lastName: 'Chen', emailID: 'lin@example.com', password: 'x'.repeat(MIN_PASSWORD_LENGTH), confirmPassword: 'x'.repeat(MIN_PASSWORD_LENGTH) }
    expect(validateSignUp(ok)).toEqual({})
    expect(validateSignUp({ ...ok, firstName: '  ' })).toEqual({ firstName: 'required' })
    expect(validateSignUp({ ...ok, password: 'short', confirmPassword: 'short' })).toEqual({ password: 'passwordShort' })
    expect(validateSignUp({ ...ok, confirmPassword: 'y'.repeat(8) })).toEqual({ confirmPassword: 'passwordMismatch' })
  })

  it('changing a password signed in also needs the current one', () => {
    const v = { password: 'brand new pass', confirmPassword: 'brand new pass' }
    expect(validateNewPassword(v, false)).toEqual({})
    expect(validateNewPassword(v, true)).toEqual({ oldPassword: 'required' })
  })
})

describe('address fields', () => {
  const address = {
    firstName: 'Lin', lastName: 'Chen', phone: '+1 (416) 555-0199', streetNumberAndNameDetails: '100 Queen St W',
    city: 'Toronto', province: 'ON', postCode: 'M5H 2N2', country: 'CA'
  }
  it('a complete address passes; unit is optional', () => {
    expect(validateAddress(address)).toEqual({})
  })
  it('every required field and a phone that looks like one', () => {
    expect(validateAddress({ ...address, province: '', city: '', phone: 'call me' })).toEqual({ province: 'required', city: 'required', phone: 'phoneInvalid' })
  })
})

describe('explainSignInError: what a refused sign-in says', () => {
  it.each<[number, string | null]>([
    [401, 'account.login.wrongCredentials'],
    [429, 'account.login.tooManyAttempts'],
    [500, null]
  ])('%p → %p', (status, key) => expect(explainSignInError({ status })).toBe(key))
})
