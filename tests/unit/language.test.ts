import { firstLanguage, languageFromTag } from '@/domain/language'

describe('first visit language (issue 15 item 6)', () => {
  it.each([
    ['zh_CN', 'zh'],
    ['zh-Hans', 'zh'],
    ['zh-TW', 'zh'],
    ['ZH', 'zh'],
    ['en', 'en'],
    ['en_US', 'en'],
    ['en-GB', 'en'],
    ['fr', null],
    ['', null],
    [undefined, null],
    [null, null]
  ])('tag %j → %j', (tag, language) => {
    expect(languageFromTag(tag)).toBe(language)
  })

  it.each([
    // a saved choice always wins
    [{ saved: 'en', device: 'zh_CN', server: 'zh' }, 'en'],
    [{ saved: 'zh', device: 'en', server: 'en' }, 'zh'],
    // no choice: the device's language (mini-programs), then app info's (Accept-Language), then English
    [{ saved: null, device: 'zh_CN', server: 'en' }, 'zh'],
    [{ saved: undefined, device: 'fr', server: 'zh' }, 'zh'],
    [{ device: undefined, server: 'zh' }, 'zh'],
    [{ device: undefined, server: 'en' }, 'en'],
    [{ saved: 'de', device: undefined, server: 'fr' }, 'en'],
    [{}, 'en']
  ])('%j → %s', (input, language) => {
    expect(firstLanguage(input)).toBe(language)
  })
})
