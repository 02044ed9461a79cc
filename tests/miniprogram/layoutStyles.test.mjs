/**
 * Issue 29 m-10 on both mini-program builds: a page has a style only when the bundle it loads imports it (its own sheet
 * and the sheets that one @imports). The account pages' column (.account-page: /user/orders had it only through the
 * sign-in form's sheet on H5), the list banner's side margins and the description's block lines reach the pages that
 * use them. The runner sees no layout: this reads the build's own style sheets.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { root } from './kit.mjs'
import { distOf } from './runtime.mjs'

const STYLE_EXTENSION = { weapp: '.wxss', alipay: '.acss' }

/** The declarations of `selector` (outside media queries) in a page's style sheet and every sheet it @imports. */
function pageRule(kind, page, selector) {
  const dist = distOf(root, kind)
  const seen = new Set()
  const visit = (file) => {
    if (seen.has(file)) return null
    seen.add(file)
    const css = readFileSync(file, 'utf8')
    const own = css.replace(/@media[^{]*\{(?:[^{}]*\{[^}]*\})*[^{}]*\}/g, '')
    const rule = new RegExp(`(?:^|[}\\s,;])${selector.replace(/\./g, '\\.')}\\s*\\{([^}]*)\\}`).exec(own)
    if (rule) return rule[1]
    for (const [, imported] of css.matchAll(/@import\s+["']([^"']+)["']/g)) {
      const found = visit(path.resolve(path.dirname(file), imported))
      if (found) return found
    }
    return null
  }
  return visit(path.join(dist, `${page}${STYLE_EXTENSION[kind]}`))
}

for (const kind of ['weapp', 'alipay']) {
  describe(`${kind}: the pages' columns and text (issue 29 m-10)`, () => {
    it('every account page has the account column, its padding and title', () => {
      for (const page of ['packages/user/pages/list/index', 'packages/user/pages/orders/index', 'packages/user/pages/membership/index', 'packages/user/pages/referrer/index', 'packages/user/pages/influencer/index']) {
        assert.match(pageRule(kind, page, '.account-page') ?? '', /padding:/, `${page}: .account-page`)
        assert.match(pageRule(kind, page, '.account-page__title') ?? '', /font-size:/, `${page}: .account-page__title`)
      }
    })

    it("the category text keeps the cards' side margins; the description's lines are blocks of their own", () => {
      assert.match(pageRule(kind, 'packages/store/pages/productlist/index', '.list-banner') ?? '', /margin:0 [1-9]\d*r?px /)
      assert.match(pageRule(kind, 'packages/store/pages/product/index', '.rich-detail__line') ?? '', /display:block/)
    })
  })
}
