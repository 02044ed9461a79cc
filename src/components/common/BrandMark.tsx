import type { BrandMarkName } from '@/assets/brandMarks'

/**
 * Mini-programs: no mark, the brand's name alone. Their main packages sit at their size budgets (bench/budgets.json)
 * and the marks' paths cost about 12 KB; a mini-program pays with its own sheet and opens no social links, so the
 * marks would only decorate the footer there. H5: BrandMark.h5.tsx.
 */
export function BrandMark(_props: { name: BrandMarkName; onColour?: boolean; className?: string }) {
  return null
}
