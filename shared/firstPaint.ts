/** The id of the first screen the server writes into the page (server/src/lib/firstPaint.ts) and the H5 app removes (src/platform/firstPaint.h5.ts). */
export const FIRST_PAINT_ID = 'first-paint'
