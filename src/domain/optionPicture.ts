/**
 * Issue 42 n-2: the picture follows the chosen option. A catalogue may give an option value its picture (one of the
 * product's images, by name); the product page's gallery turns to it when the shopper chooses that value.
 */
export interface PicturedOption {
  name: string
  values: readonly { value: string; image?: string }[]
}

/**
 * The index in `images` of the picture the selection shows: that of the value just chosen (`lastChosen`, an option's
 * name) when it has one, else that of the first option, in the product's order, whose chosen value has one; null when
 * no chosen value has a picture among `images` (the gallery stays where the shopper left it).
 */
export function pictureOfSelection(
  options: readonly PicturedOption[],
  selection: Readonly<Record<string, string | undefined>>,
  images: readonly string[],
  lastChosen?: string | null
): number | null {
  const pictureOf = (option: PicturedOption): number | null => {
    const image = option.values.find((v) => v.value === selection[option.name])?.image
    const index = image ? images.indexOf(image) : -1
    return index >= 0 ? index : null
  }
  const last = lastChosen ? options.find((o) => o.name === lastChosen) : undefined
  const fromLast = last ? pictureOf(last) : null
  if (fromLast !== null) return fromLast
  for (const option of options) {
    const index = pictureOf(option)
    if (index !== null) return index
  }
  return null
}
