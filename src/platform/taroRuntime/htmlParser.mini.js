/**
 * Mini-program builds only (config/index.ts): stands in for @tarojs/runtime's innerHTML parser
 * (dist/dom-external/inner-html/parser.js and the HTML scanner, CSS parser and tag tables it imports), which
 * serves only an element's innerHTML / insertAdjacentHTML. The store never sets either (mini.runtime.enableInnerHTML
 * is off; rich text is RichText's nodes or src/components/blog/RichText.tsx's blocks), so a call here is a bug.
 */
export function parser() {
  throw new Error('HTML parsing is not in this build: set an element’s children, not its innerHTML (config/index.ts)')
}
