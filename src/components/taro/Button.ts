/**
 * Taro's Button. Import it from here, not from '@tarojs/components': on the mini-programs this is the same thing, but
 * on H5 Button.h5.ts keeps it the web component. Config h5.useHtmlComponents makes View, Text and Image plain HTML,
 * and Taro's HTML button would drop the focus outline, fetch its loading spinner from a third-party host and
 * out-rank the store's own button styles.
 */
export { Button } from '@tarojs/components'
