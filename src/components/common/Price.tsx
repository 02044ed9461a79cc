import { memo } from 'react'
import { Text } from '@tarojs/components'
import { usePrice } from '@/hooks/usePrice'
import './Price.scss'

interface PriceProps {
  /** Minor units of `currency`. */
  amount: number
  currency: string
  /** Price before a reduction, shown struck through. */
  was?: number
  className?: string
}

/** A price in the shopper's display currency (converted with the exchange rates, spec decimals). */
export const Price = memo(function Price({ amount, currency, was, className }: PriceProps) {
  const { format } = usePrice()
  return (
    <Text className={`price ${className ?? ''}`}>
      <Text className="price__now">{format(amount, currency)}</Text>
      {was !== undefined && was > amount ? <Text className="price__was">{format(was, currency)}</Text> : null}
    </Text>
  )
})

/** Spec: the base currency is what is charged; shown wherever totals are while another currency is displayed. */
export function ChargedInBaseNote({ text }: { text: string | null }) {
  return text ? <Text className="price__base-note">{text}</Text> : null
}
