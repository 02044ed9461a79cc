/**
 * The mini-programs run on phones: their home is the stacked phone layout alone, so the wide-screen rules
 * (HomeWide.scss, imported by HomeWide.h5.ts) stay out of their main package.
 */
export {}
