import type { DetailBlock } from '@contract/catalog'
import { detailPieces, textParagraphs } from '@/domain/richDetail'

const zh = (text: { en?: string; zh?: string }, fallback: string) => text.zh?.trim() || fallback
const en = (text: { en?: string; zh?: string }, fallback: string) => text.en?.trim() || fallback
const m = (enText: string, zhText: string) => ({ en: enText, zh: zhText })

describe('detailPieces', () => {
  it.each<[string, DetailBlock[], typeof zh, unknown[]]>([
    ['a heading and a paragraph in Chinese', [{ kind: 'heading', text: m('Brewing', '冲煮') }, { kind: 'paragraph', text: m('Hot', '热') }], zh,
      [{ kind: 'heading', text: '冲煮' }, { kind: 'paragraph', lines: ['热'] }]],
    ['a missing translation falls back to English', [{ kind: 'paragraph', text: m('Only English', '') }], zh, [{ kind: 'paragraph', lines: ['Only English'] }]],
    ['line breaks become lines, blank ones dropped', [{ kind: 'paragraph', text: m('one\r\n\n two ', '') }], en, [{ kind: 'paragraph', lines: ['one', 'two'] }]],
    ['markup stays text', [{ kind: 'paragraph', text: m('<img src=x onerror=alert(1)> <b>bold</b>', '') }], en,
      [{ kind: 'paragraph', lines: ['<img src=x onerror=alert(1)> <b>bold</b>'] }]],
    ['an image with its caption', [{ kind: 'image', image: ' detail-a.svg ', caption: m('Leaves', '茶叶') }], zh, [{ kind: 'image', image: 'detail-a.svg', caption: '茶叶' }]],
    ['empty text and images without a source are dropped', [{ kind: 'heading', text: m(' ', '') }, { kind: 'image', image: '', caption: m('x', 'x') }], en, []]
  ])('%s', (_what, blocks, pick, pieces) => {
    expect(detailPieces(blocks, pick)).toEqual(pieces)
  })
})

describe('textParagraphs', () => {
  it.each<[string, string, string[][]]>([
    ['one line', 'Roasted in small batches.', [['Roasted in small batches.']]],
    ['a blank line between paragraphs', 'First.\n\nSecond.', [['First.'], ['Second.']]],
    ['Windows line ends and a blank line of spaces', 'First.\r\n  \r\nSecond.', [['First.'], ['Second.']]],
    ['several blank lines are one paragraph break', 'First.\n\n\n\nSecond.', [['First.'], ['Second.']]],
    ['a single line break is a new line in the paragraph', 'Origin: Huila\nRoast: medium\n\nBrew it hot.', [['Origin: Huila', 'Roast: medium'], ['Brew it hot.']]],
    ['spaces at either end of a line dropped', '  padded  \n\n ', [['padded']]],
    ['nothing but space', ' \n\n ', []],
    ['markup stays text', '<p>one</p><br>', [['<p>one</p><br>']]]
  ])('%s', (_what, text, paragraphs) => {
    expect(textParagraphs(text)).toEqual(paragraphs)
  })
})
