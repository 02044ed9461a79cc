/** Store-credit top-up in a browser: the provider's hosted page (pay.h5.ts). */
export { topUpInBrowser as topUp } from './pay.h5'
