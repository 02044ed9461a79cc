/**
 * "A payload shape is declared once, in contract/": neither the client's api modules nor the server may declare an
 * interface or type alias under a name contract/ exports (re-exporting the contract's own is how they use it).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { filesUnder, isTypeScript } from '../support/sourceFiles'

const root = path.resolve(__dirname, '../..')

const sources = (dir: string) => filesUnder(dir, isTypeScript)

const contractNames = new Set(
  sources(path.join(root, 'contract')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^export (?:const|type|interface) (\w+)/gm)].map((m) => m[1])
  )
)

/** `interface X`, `type X =` and `type X<...> =` declared in a file (exported or not). */
function declaredTypes(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^\s*(?:export\s+)?(?:declare\s+)?(?:interface|type)\s+(\w+)\b(?:<[^=]*>)?\s*[={]/gm)].map((m) => m[1])
}

describe('one declaration per wire type', () => {
  it('contract/ exports the shapes of every area', () => {
    for (const name of ['AppInfo', 'Product', 'Cart', 'CheckoutConfig', 'Order', 'OrderStatus', 'Address', 'IdentitySignIn', 'PageContent', 'LiveRooms']) {
      expect(contractNames).toContain(name)
    }
  })

  it.each([['src/api'], ['src/features'], ['server/src']])('%s declares no type that contract/ exports', (dir) => {
    const clashes = sources(path.join(root, dir)).flatMap((file) =>
      declaredTypes(file)
        .filter((name) => contractNames.has(name))
        .map((name) => `${path.relative(root, file)}: ${name}`)
    )
    expect(clashes).toEqual([])
  })
})
