import type { Address } from '@/api/account'
import {
  addressFromSaved,
  addressSummary,
  defaultSavedAddress,
  isBlankAddress,
  preselectedAddress,
  sameAddress,
  savedAddressKey,
  selectedSavedAddressKey
} from '@/domain/savedAddresses'

const BLANK: Address = { firstName: '', lastName: '', phone: '', streetNumberAndNameDetails: '', unit: '', city: '', province: '', postCode: '', country: 'CA' }
const HOME: Address = {
  id: 'a1',
  isDefault: false,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '416-555-0199',
  streetNumberAndNameDetails: '100 Queen St W',
  unit: '',
  city: 'Toronto',
  province: 'ON',
  postCode: 'M5H 2N2',
  country: 'CA'
}
const WORK: Address = { ...HOME, id: 'a2', isDefault: true, streetNumberAndNameDetails: '1 Yonge St', unit: '1200', postCode: 'M5E 1W7' }
const NO_ID: Address = { ...HOME, id: undefined, streetNumberAndNameDetails: '9 King St', postCode: 'M5C 1A1' }

describe('a delivery form is blank until the shopper types a field (country is preset)', () => {
  it.each<[string, Partial<Address>, boolean]>([
    ['empty', {}, true],
    ['only another country', { country: 'US' }, true],
    ['whitespace only', { firstName: '  ', city: ' ' }, true],
    ['unit missing', { unit: undefined }, true],
    ['a first name', { firstName: 'A' }, false],
    ['a unit', { unit: '4' }, false],
    ['a province', { province: 'ON' }, false],
    ['a postal code', { postCode: 'M5H' }, false]
  ])('%s → %p', (_, patch, blank) => {
    expect(isBlankAddress({ ...BLANK, ...patch })).toBe(blank)
  })
})

describe('the default saved address: the one marked default, else the first', () => {
  it.each<[string, Address[], Address | null]>([
    ['none saved', [], null],
    ['only one, not marked', [HOME], HOME],
    ['second marked default', [HOME, WORK], WORK],
    ['none marked: the first', [HOME, NO_ID], HOME]
  ])('%s', (_, saved, expected) => {
    expect(defaultSavedAddress(saved)).toBe(expected)
  })
})

describe('preselection fills a blank form only', () => {
  it.each<[string, Address[], Address, Address | null]>([
    ['blank form, one saved', [HOME], BLANK, addressFromSaved(HOME)],
    ['blank form, default second', [HOME, WORK], BLANK, addressFromSaved(WORK)],
    ['blank form, none saved', [], BLANK, null],
    ['typed street kept', [HOME], { ...BLANK, streetNumberAndNameDetails: '5 Elm St' }, null],
    ['typed name kept', [HOME, WORK], { ...BLANK, firstName: 'Grace' }, null]
  ])('%s', (_, saved, current, expected) => {
    expect(preselectedAddress(saved, current)).toEqual(expected)
  })
})

describe('filling from a saved address', () => {
  it('replaces every delivery field and drops the id and default flag', () => {
    expect(addressFromSaved(WORK)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '416-555-0199',
      streetNumberAndNameDetails: '1 Yonge St',
      unit: '1200',
      city: 'Toronto',
      province: 'ON',
      postCode: 'M5E 1W7',
      country: 'CA'
    })
  })
  it('turns a missing unit into an empty field', () => {
    expect(addressFromSaved({ ...HOME, unit: undefined }).unit).toBe('')
  })
})

describe('which saved address the form holds', () => {
  it.each<[string, Address, string | null]>([
    ['the first, by id', addressFromSaved(HOME), 'a1'],
    ['the second, by id', addressFromSaved(WORK), 'a2'],
    ['one without id, by position', addressFromSaved(NO_ID), '#2'],
    ['case and spacing do not matter', { ...addressFromSaved(HOME), postCode: 'm5h  2n2', city: ' toronto' }, 'a1'],
    ['an edited street is no longer that address', { ...addressFromSaved(HOME), streetNumberAndNameDetails: '102 Queen St W' }, null],
    ['an added unit is no longer that address', { ...addressFromSaved(HOME), unit: '3' }, null],
    ['blank', BLANK, null]
  ])('%s', (_, current, key) => {
    expect(selectedSavedAddressKey([HOME, WORK, NO_ID], current)).toBe(key)
  })

  it('a missing unit equals an empty one', () => {
    expect(sameAddress({ ...HOME, unit: undefined }, { ...HOME, unit: '' })).toBe(true)
  })
  it('a different country is a different address', () => {
    expect(sameAddress(HOME, { ...HOME, country: 'US' })).toBe(false)
  })
  it('keys: id, else position', () => {
    expect(savedAddressKey(HOME, 0)).toBe('a1')
    expect(savedAddressKey(NO_ID, 3)).toBe('#3')
  })
})

describe('one-line summary for the choice list', () => {
  it.each<[Address, string]>([
    [HOME, 'Ada Lovelace, 100 Queen St W, Toronto ON M5H 2N2'],
    [WORK, 'Ada Lovelace, 1 Yonge St, 1200, Toronto ON M5E 1W7'],
    [{ ...HOME, lastName: '', unit: undefined }, 'Ada, 100 Queen St W, Toronto ON M5H 2N2']
  ])('%#', (address, text) => {
    expect(addressSummary(address)).toBe(text)
  })
})
