/**
 * The mini-programs run on phones: their footer is the phone accordion alone, so the wide-screen rules (FooterWide.scss,
 * imported by FooterWide.h5.ts) stay out of their main package.
 */
export {}
