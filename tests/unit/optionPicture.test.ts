import { pictureOfSelection } from '@/domain/optionPicture'

// Issue 42 n-2: choosing "Black" left a brown T-shirt on screen; the gallery turns to the chosen value's picture.
describe("the gallery shows the chosen option value's picture", () => {
  const images = ['tee.svg', 'tee-2.svg', 'tee-in-black.svg', 'tee-in-red.svg', 'cap-in-blue.svg']
  const colour = { name: 'color', values: [{ value: 'Black', image: 'tee-in-black.svg' }, { value: 'Red', image: 'tee-in-red.svg' }, { value: 'Plain' }] }
  const size = { name: 'size', values: [{ value: 'S' }, { value: 'M' }] }
  const band = { name: 'band', values: [{ value: 'Blue', image: 'cap-in-blue.svg' }, { value: 'Gone', image: 'not-listed.svg' }] }
  it.each([
    ['nothing chosen', [colour, size], {}, undefined, null],
    ['a colour chosen', [colour, size], { color: 'Black' }, 'color', 2],
    ['the other colour', [colour, size], { color: 'Red' }, 'color', 3],
    ['a size chosen after the colour: the colour still shows', [colour, size], { color: 'Red', size: 'M' }, 'size', 3],
    ['a value without a picture', [colour, size], { color: 'Plain' }, 'color', null],
    ['only a size chosen', [colour, size], { size: 'S' }, 'size', null],
    ['the value just chosen wins over an earlier option', [colour, band], { color: 'Red', band: 'Blue' }, 'band', 4],
    ['else the first option in the product order', [colour, band], { color: 'Red', band: 'Blue' }, undefined, 3],
    ['a picture not among the images is none', [band], { band: 'Gone' }, 'band', null],
    ['an unknown value', [colour], { color: 'Green' }, 'color', null],
    ['a last choice naming no option', [colour], { color: 'Black' }, 'weight', 2],
    ['no options', [], {}, null, null]
  ] as const)('%s', (_, options, selection, lastChosen, expected) => {
    expect(pictureOfSelection(options, selection, images, lastChosen)).toBe(expected)
  })
})
