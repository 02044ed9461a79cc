/**
 * Mini-programs: no QR code (inside WeChat a tapped room opens in the mini-program itself; the Alipay mini-program keeps
 * the modal's written hint), so the encoder stays out of their packages. H5 draws one: RoomQrCode.h5.tsx.
 */
export function RoomQrCode(_props: { path: string; label: string }) {
  return null
}
