import { formatCanadianPostcode, postcodeProblem } from '@/domain/postcode'

describe('Canadian postal codes: A1A 1A1, first letter matching the province', () => {
  it.each([
    ['CA', 'BC', 'V6X 4J7', null],
    ['CA', 'BC', 'v6x4j7', null],
    ['CA', 'BC', 'V6X-4J7', null],
    ['CA', 'AB', 'V6X 4J7', 'province'],
    ['CA', 'AB', 'T2P 1J9', null],
    ['CA', 'ON', 'M5V 2T6', null],
    ['CA', 'ON', 'K1A 0B1', null],
    ['CA', 'ON', 'L4Z 1A1', null],
    ['CA', 'ON', 'N2L 3G1', null],
    ['CA', 'ON', 'P3A 1A1', null],
    ['CA', 'QC', 'H2X 1Y4', null],
    ['CA', 'QC', 'G1R 4P5', null],
    ['CA', 'QC', 'J4K 1A1', null],
    ['CA', 'QC', 'M5V 2T6', 'province'],
    ['CA', 'NL', 'A1C 5M2', null],
    ['CA', 'NS', 'B3H 1A1', null],
    ['CA', 'PE', 'C1A 1A1', null],
    ['CA', 'NB', 'E1C 1A1', null],
    ['CA', 'MB', 'R3C 1A1', null],
    ['CA', 'SK', 'S4P 1A1', null],
    ['CA', 'NT', 'X1A 2P7', null],
    ['CA', 'NU', 'X0A 0H0', null],
    ['CA', 'YT', 'Y1A 1A1', null],
    ['CA', 'YT', 'X1A 2P7', 'province'],
    ['CA', 'ON', 'M5V2T', 'format'],
    ['CA', 'ON', 'M5V 2T66', 'format'],
    ['CA', 'ON', '12345', 'format'],
    ['CA', 'ON', 'D5V 2T6', 'format'],
    ['CA', 'ON', 'W5V 2T6', 'format'],
    ['CA', 'ON', 'M5O 2T6', 'format'],
    ['CA', 'ON', 'M5V 2T Q', 'format'],
    ['CA', '', 'M5V 2T6', null],
    ['CA', 'ON', '', null],
    ['CN', '', '100000', null],
    ['US', 'NY', '10001', null]
  ])('%s %s %p → %p', (country, province, postcode, problem) => {
    expect(postcodeProblem(country, province, postcode)).toBe(problem)
  })
})

describe('a Canadian postal code is written A1A 1A1', () => {
  it.each([
    ['v6x4j7', 'V6X 4J7'],
    [' V6X 4J7 ', 'V6X 4J7'],
    ['v6x-4j7', 'V6X 4J7'],
    ['m5v2t', 'M5V2T'],
    ['10001 ', '10001']
  ])('%p → %p', (input, formatted) => {
    expect(formatCanadianPostcode(input)).toBe(formatted)
  })
})
