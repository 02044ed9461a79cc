/** A product's rich detail as the page lays it out: plain text paragraphs (one per line) and images. No markup is read. */
import type { DetailBlock } from '@contract/catalog'

export type DetailPiece =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'image'; image: string; caption: string }

type Pick = (text: { en?: string; zh?: string }, fallback: string) => string

/** A text's lines, without spaces at either end; blank lines dropped. */
const textLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)

/**
 * Plain text (a product's description, typed or imported by the operator) as paragraphs of lines: a blank line ends a
 * paragraph, a single line break starts a new line within one.
 */
export function textParagraphs(text: string): string[][] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map(textLines)
    .filter((lines) => lines.length > 0)
}

/**
 * Blocks in the shopper's language (`pick` chooses, falling back to English); a paragraph keeps its line breaks as
 * lines; empty text and images without a source are dropped.
 */
export function detailPieces(blocks: readonly DetailBlock[], pick: Pick): DetailPiece[] {
  const pieces: DetailPiece[] = []
  for (const b of blocks) {
    if (b.kind === 'image') {
      if (b.image.trim()) pieces.push({ kind: 'image', image: b.image.trim(), caption: pick(b.caption, b.caption.en ?? '').trim() })
      continue
    }
    const text = pick(b.text, b.text.en).trim()
    if (!text) continue
    if (b.kind === 'heading') pieces.push({ kind: 'heading', text })
    else pieces.push({ kind: 'paragraph', lines: textLines(text) })
  }
  return pieces
}
