/**
 * Mini-programs: no QR code of a web link (they share through the host's own share sheet, and a link would leave the
 * mini-program), so the encoder stays out of their packages. H5 draws one: LinkQrCode.h5.tsx.
 */
export function LinkQrCode(_props: { path: string; label: string; className: string }) {
  return null
}

/** WeChat Pay's Native QR code is for desktop browsers (H5) only: a mini-program pays in its own sheet. */
export function QrCode(_props: { text: string; label: string; className: string }) {
  return null
}
