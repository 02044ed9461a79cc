import type { MarkName } from '@/assets/brandMarks'
import { contentApi } from '@/api/content'
import { Img } from '@/components/taro/Img'
import './BrandMark.scss'

/**
 * Mini-programs: the brand's mark loaded by URL from the API (server/src/assets/brandMarks/, the same simple-icons
 * drawing H5 bundles, and the served-only ones such as UnionPay's), beside its name, so decorative (empty alt). Bundling the paths would cost their main packages
 * about 12 KB, and they sit at their size budgets (bench/budgets.json). H5: BrandMark.h5.tsx.
 */
export function BrandMark({ name, className = '' }: { name: MarkName; className?: string }) {
  return <Img className={`brand-mark brand-mark--${name} ${className}`} src={contentApi.brandMarkUrl(name)} mode="aspectFit" alt="" />
}
