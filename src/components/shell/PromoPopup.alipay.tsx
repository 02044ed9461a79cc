/**
 * Alipay: no promo pop-up. Its offer opens a WeChat mini-program page, which Alipay cannot open, so usePromo's display
 * check is never true there (PromoPopup.tsx); this keeps the pop-up, its hook and styles out of Alipay's main package.
 */
export function PromoPopup() {
  return null
}
