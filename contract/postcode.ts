/** Canadian postal codes, checked alike by the client's address forms and the server (their own module, so the mini-programs' main package does not carry them). */
/** Canadian postal codes: A1A 1A1 (no D, F, I, O, Q, U; no W or Z first), on the code without spaces or hyphens. */
export const CA_POSTCODE_PATTERN = '^[ABCEGHJ-NPRSTVXY]\\d[ABCEGHJ-NPRSTV-Z]\\d[ABCEGHJ-NPRSTV-Z]\\d$'
/** A Canadian postal code's first letter → the province or territory codes it serves (Canada Post). */
export const CA_POSTCODE_FIRST_LETTER: Readonly<Record<string, readonly string[]>> = {
  A: ['NL'], B: ['NS'], C: ['PE'], E: ['NB'], G: ['QC'], H: ['QC'], J: ['QC'], K: ['ON'], L: ['ON'], M: ['ON'], N: ['ON'],
  P: ['ON'], R: ['MB'], S: ['SK'], T: ['AB'], V: ['BC'], X: ['NT', 'NU'], Y: ['YT']
}
