import { isLoggedIn, showMyAccount, showSignIn } from '@/domain/session'

describe('spec "the login check requires user, lastLoginDate and userID all present"', () => {
  const full = { user: { firstName: 'A' }, lastLoginDate: '2026-01-01', userID: 'u1' }
  it.each([
    [full, true],
    [{ ...full, userID: 0 }, true],
    [{ ...full, user: undefined }, false],
    [{ ...full, user: null }, false],
    [{ ...full, user: {} }, false],
    [{ ...full, lastLoginDate: undefined }, false],
    [{ ...full, lastLoginDate: '' }, false],
    [{ ...full, userID: undefined }, false],
    [{ ...full, userID: '  ' }, false],
    [{}, false],
    [null, false],
    [undefined, false]
  ])('%o → %p', (info, expected) => {
    expect(isLoggedIn(info)).toBe(expected)
  })
})

describe('spec "Sign in /account/login, shown when not logged in and user accounts enabled. My account /user/list …, shown when logged in and user accounts enabled"', () => {
  it.each([
    [false, true, true, false],
    [true, true, false, true],
    [false, false, false, false],
    [true, false, false, false],
    [false, undefined, false, false]
  ])('loggedIn=%p enableUserAccounts=%p → sign in %p, my account %p', (loggedIn, enabled, signIn, myAccount) => {
    expect(showSignIn(loggedIn, enabled)).toBe(signIn)
    expect(showMyAccount(loggedIn, enabled)).toBe(myAccount)
  })
})
