import { copyrightLine, copyrightText, paymentIcons, poweredBy, socialLinks } from '@/domain/footer'

describe('spec "instagram (only when userName set), facebook, twitter, youTube, linkedin, pinterest, each only when pageURL set"', () => {
  it.each([
    [null, []],
    [{}, []],
    [{ instagram: { pageURL: 'https://instagram.com/x' } }, []],
    [{ instagram: { userName: 'shop' } }, [['instagram', 'https://www.instagram.com/shop']]],
    [{ instagram: { userName: 'shop', pageURL: 'https://ig.example/shop' } }, [['instagram', 'https://ig.example/shop']]],
    [{ facebook: { pageURL: '' }, twitter: { pageURL: '  ' } }, []],
    [{ facebook: { userName: 'x' } }, []],
    [
      {
        pinterest: { pageURL: 'p' },
        linkedin: { pageURL: 'l' },
        youTube: { pageURL: 'y' },
        twitter: { pageURL: 't' },
        facebook: { pageURL: 'f' },
        instagram: { userName: 'i' }
      },
      [
        ['instagram', 'https://www.instagram.com/i'],
        ['facebook', 'f'],
        ['twitter', 't'],
        ['youTube', 'y'],
        ['linkedin', 'l'],
        ['pinterest', 'p']
      ]
    ]
  ])('%o → %j', (social, links) => {
    expect(socialLinks(social).map((l) => [l.network, l.url])).toEqual(links)
  })
})

describe('spec "visa, mastercard, amex, paypal, wechat, alipay, unionpay, each only if supported. Inside an Alipay in-app browser all but alipay are hidden"', () => {
  const all = {
    supportVisa: true,
    supportMasterCard: true,
    supportAmex: true,
    supportPayPal: true,
    supportWeChatPay: true,
    supportAliPay: true,
    supportUnionPay: true
  }
  it.each([
    [all, false, ['visa', 'mastercard', 'amex', 'paypal', 'wechat', 'alipay', 'unionpay']],
    [all, true, ['alipay']],
    [{ ...all, supportAliPay: false }, true, []],
    [{ supportUnionPay: true, supportVisa: true }, false, ['visa', 'unionpay']],
    [{ supportWeChatPay: true, supportAmex: false }, false, ['wechat']],
    [{}, false, []],
    [null, false, []]
  ])('%o alipayBrowser=%p → %j', (payment, alipayBrowser, icons) => {
    expect(paymentIcons(payment, { alipayBrowser })).toEqual(icons)
  })
})

describe('spec "Copyright line: current year, store name, \'All Rights Reserved\'"', () => {
  it.each([
    [2026, 'Maple Shop', 'All Rights Reserved', '© 2026 Maple Shop. All Rights Reserved'],
    // Issue 42 p-5: no English full stop among Chinese words.
    [2027, ' 枫叶商店 ', '版权所有', '© 2027 枫叶商店 版权所有'],
    [2027, undefined, '版权所有', '© 2027 版权所有'],
    [2026, undefined, 'All Rights Reserved', '© 2026. All Rights Reserved']
  ])('%i %p → %p', (year, name, reserved, line) => {
    const parts = copyrightLine(year, name)
    expect(parts.year).toBe(year)
    expect(copyrightText(parts, reserved)).toBe(line)
  })
})

describe('spec "\'PWA POWERED BY\' bar … hidden when hidePowerBy set; showPowerByNameOnly hides the \'&\' joiner and the default provider link. A spacer replaces the bar when hidden inside a WeChat mini-program"', () => {
  it.each([
    [{ hidePowerBy: true }, false, { kind: 'hidden' }],
    [{ hidePowerBy: true }, true, { kind: 'spacer' }],
    [{}, false, { kind: 'bar', name: undefined, url: undefined, showDefaultLink: true, showJoiner: false }],
    [null, true, { kind: 'bar', name: undefined, url: undefined, showDefaultLink: true, showJoiner: false }],
    [
      { powerByName: 'Acme', powerByFullUrl: 'https://acme.example' },
      false,
      { kind: 'bar', name: 'Acme', url: 'https://acme.example', showDefaultLink: true, showJoiner: true }
    ],
    [
      { powerByName: 'Acme', powerByFullUrl: 'https://acme.example', showPowerByNameOnly: true },
      false,
      { kind: 'bar', name: 'Acme', url: 'https://acme.example', showDefaultLink: false, showJoiner: false }
    ],
    [
      { powerByName: 'Acme', hidePowerBy: false },
      true,
      { kind: 'bar', name: 'Acme', url: undefined, showDefaultLink: true, showJoiner: true }
    ],
    // the default provider is a link when the store names its site
    [
      { defaultPowerByUrl: ' https://istore.example.com ' },
      false,
      { kind: 'bar', name: undefined, url: undefined, showDefaultLink: true, showJoiner: false, defaultUrl: 'https://istore.example.com' }
    ],
    [
      { defaultPowerByUrl: 'https://istore.example.com', powerByName: 'Acme', showPowerByNameOnly: true },
      false,
      { kind: 'bar', name: 'Acme', url: undefined, showDefaultLink: false, showJoiner: false }
    ],
    // a name that is the default provider's own is shown once (not "iStore & iStore"), linking to its site
    [
      { powerByName: 'iStore', powerByFullUrl: 'https://istore.example.com/store', defaultPowerByUrl: 'https://istore.example.com' },
      false,
      { kind: 'bar', name: 'iStore', url: 'https://istore.example.com/store', showDefaultLink: false, showJoiner: false }
    ],
    [
      { powerByName: ' ISTORE ', defaultPowerByUrl: 'https://istore.example.com' },
      false,
      { kind: 'bar', name: 'ISTORE', url: 'https://istore.example.com', showDefaultLink: false, showJoiner: false }
    ],
    [{ powerByName: 'iStore' }, false, { kind: 'bar', name: 'iStore', url: undefined, showDefaultLink: false, showJoiner: false }]
  ])('%o weChatMiniProgram=%p → %o', (config, weChatMiniProgram, result) => {
    expect(poweredBy(config, { weChatMiniProgram, weChatMiniProgramWebView: false }, 'iStore')).toEqual(result)
  })

  it('the H5 page in a WeChat mini-program web-view is inside a WeChat mini-program: the spacer, not nothing', () => {
    expect(poweredBy({ hidePowerBy: true }, { weChatMiniProgram: false, weChatMiniProgramWebView: true }, 'iStore')).toEqual({ kind: 'spacer' })
    expect(poweredBy({}, { weChatMiniProgram: false, weChatMiniProgramWebView: true }, 'iStore').kind).toBe('bar')
  })
})
