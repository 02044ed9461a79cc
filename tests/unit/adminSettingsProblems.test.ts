/**
 * The back office's settings forms (admin/src/screens/settingsProblems.ts): a refused save's `JSON path: why` lines,
 * each put on the form field that holds it, or above the form when none does.
 */
import { deliveryAreasField, locationsField, pathParts, splitProblem } from '../../admin/src/screens/settingsProblems'

describe('pathParts and splitProblem', () => {
  it.each([
    ['storeLocations[1].address.province', ['storeLocations', 1, 'address', 'province']],
    ['checkout.pickup.closeTime', ['checkout', 'pickup', 'closeTime']],
    ['deliveryAreas[0].cities[12]', ['deliveryAreas', 0, 'cities', 12]],
    ['', []]
  ])('%s', (path, parts) => expect(pathParts(path)).toEqual(parts))

  it.each([
    ['checkout.pickup.closeTime: 08:00 is not after the opening time 09:00', 'checkout.pickup.closeTime', '08:00 is not after the opening time 09:00'],
    ['storeLocations[0].address.province: ZZ is not a province of CA', 'storeLocations[0].address.province', 'ZZ is not a province of CA'],
    ['(the shop): this database has no shop settings yet', '', '(the shop): this database has no shop settings yet'],
    ['Please sign in to the back office', '', 'Please sign in to the back office']
  ])('%s', (text, path, message) => expect(splitProblem(text)).toEqual({ path, message }))
})

describe('locationsField', () => {
  it.each([
    ['checkout.timeZone', ['timeZone']],
    ['checkout.pickup.openTime', ['pickup', 'openTime']],
    ['checkout.delivery.slotMinutes', ['delivery', 'slotMinutes']],
    ['storeLocations[2].address.province', ['storeLocations', 2, 'address', 'province']],
    ['storeLocations[0].name.zh', ['storeLocations', 0, 'name', 'zh']],
    ['storeLocations[1]', ['storeLocations', 1, 'id']],
    ['storeLocations', null],
    ['checkout.pickup', null],
    ['checkout.delivery.feeMinor', null],
    ['storeLocations[0].address.planet', null],
    ['payment.defaultCurrency', null]
  ])('%s', (path, field) => expect(locationsField(path)).toEqual(field))
})

describe('deliveryAreasField', () => {
  it.each([
    ['deliveryAreas[1]', ['deliveryAreas', 1, 'province']],
    ['deliveryAreas[0].country', ['deliveryAreas', 0, 'country']],
    ['deliveryAreas[0].cities[3]', ['deliveryAreas', 0, 'cities', 3, 'en']],
    ['deliveryAreas[0].cities[3].zh', ['deliveryAreas', 0, 'cities', 3, 'zh']],
    ['deliveryAreas', null],
    ['storeLocations[0].id', null]
  ])('%s', (path, field) => expect(deliveryAreasField(path)).toEqual(field))
})
