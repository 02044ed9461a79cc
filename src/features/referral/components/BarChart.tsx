import { View, Text } from '@tarojs/components'
import type { ChartBucket } from '@/features/referral/api'
import { barPercent, chartIsEmpty } from '@/features/referral/referral'
import '@/components/members/Members.scss'

export interface BarChartProps {
  title: string
  buckets: ChartBucket[]
  /** Which figure the bars show; the table beside them shows every column given. */
  value: (b: ChartBucket) => number
  columns: { label: string; value: (b: ChartBucket) => string }[]
  bucketLabel: string
  /** Said instead of the bars and the table when every figure is zero (a box of flat bars and rows of zeros say nothing). */
  emptyMessage: string
}

/**
 * A bar chart drawn with views (renders the same on H5 and both mini-programs, no chart library in any package), and
 * the same figures as a table for screen readers and anyone who wants the numbers; the bars are hidden from them.
 * With nothing to show, a sentence says so to everyone, in place of both.
 */
export function BarChart({ title, buckets, value, columns, bucketLabel, emptyMessage }: BarChartProps) {
  if (chartIsEmpty(buckets)) {
    return (
      <View className="bar-chart bar-chart--empty" role="group" aria-label={title}>
        <Text className="bar-chart__title">{title}</Text>
        <Text className="bar-chart__empty">{emptyMessage}</Text>
      </View>
    )
  }
  const max = Math.max(0, ...buckets.map(value))
  return (
    <View className="bar-chart">
      <Text className="bar-chart__title">{title}</Text>
      <View className="bar-chart__bars" aria-hidden="true">
        {buckets.map((b) => (
          <View key={b.start} className="bar-chart__slot" data-start={b.start}>
            <View className="bar-chart__bar" style={{ height: `${barPercent(value(b), max)}%` }} />
          </View>
        ))}
      </View>
      <View className="bar-chart__axis" aria-hidden="true">
        <Text>{buckets[0]?.start ?? ''}</Text>
        <Text>{buckets[buckets.length - 1]?.start ?? ''}</Text>
      </View>
      <View className="bar-chart__table" role="table" aria-label={title}>
        <View className="bar-chart__row bar-chart__row--head" role="row">
          <Text role="columnheader">{bucketLabel}</Text>
          {columns.map((c) => (
            <Text key={c.label} role="columnheader">{c.label}</Text>
          ))}
        </View>
        {buckets.map((b) => (
          <View key={b.start} className="bar-chart__row" role="row">
            <Text role="rowheader">{b.start}</Text>
            {columns.map((c) => (
              <Text key={c.label} role="cell">{c.value(b)}</Text>
            ))}
          </View>
        ))}
      </View>
    </View>
  )
}
