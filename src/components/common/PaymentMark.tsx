import { SERVED_BRAND_MARKS, type BrandMarkName, type ServedBrandMarkName } from '@/assets/brandMarks'
import { contentApi } from '@/api/content'
import { BrandMark } from '@/components/common/BrandMark'
import { Img } from '@/components/taro/Img'
import './BrandMark.scss'

/** A payment method's mark: one of simple-icons' (bundled) or one the API serves as a file (UnionPay's). */
export type PaymentMarkName = BrandMarkName | ServedBrandMarkName

const isServed = (name: PaymentMarkName): name is ServedBrandMarkName => (SERVED_BRAND_MARKS as readonly string[]).includes(name)

/**
 * A payment method's mark beside its name, so decorative (empty alt). simple-icons' marks are drawn from the bundle
 * (BrandMark); a mark too large to bundle (multi-colour, several KB) loads by URL from the API, on every platform, at
 * no cost to the mini-programs' main packages.
 */
export function PaymentMark({ name, className = '' }: { name: PaymentMarkName; className?: string }) {
  if (!isServed(name)) return <BrandMark name={name} className={className} />
  return <Img className={`brand-mark brand-mark--${name} ${className}`} src={contentApi.brandMarkUrl(name)} mode="aspectFit" alt="" />
}
