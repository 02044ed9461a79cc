import type { ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import '@/components/product/ProductGrid.scss'
import './Skeleton.scss'

/**
 * Grey placeholders in the shape of what is loading (issue 42 n-7: a blank page with a small spinner for over a second
 * on a slow link; JD and Taobao draw card skeletons at once). The label is what screen readers and tests read, as the
 * spinner's was; the page's title stays where it is, above.
 */
function Frame({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <View className={`skeleton ${className}`} role="status" aria-busy="true">
      <Text className="skeleton__label">{label}</Text>
      <View aria-hidden="true">
        {children}
      </View>
    </View>
  )
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i)

/** Product cards, in the product grid's columns. */
export function SkeletonCards({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <Frame label={label} className="skeleton--cards">
      <View className="product-grid">
        <View className="product-grid__chunk">
          {range(count).map((i) => (
            <View key={i} className="skeleton-card">
              <View className="skeleton__block skeleton-card__image" />
              <View className="skeleton__block skeleton__line" />
              <View className="skeleton__block skeleton__line skeleton__line--short" />
            </View>
          ))}
        </View>
      </View>
    </Frame>
  )
}

/** Cart lines: a thumbnail and two lines of text each. */
export function SkeletonLines({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <Frame label={label} className="skeleton--lines">
      {range(count).map((i) => (
        <View key={i} className="skeleton-line">
          <View className="skeleton__block skeleton-line__thumb" />
          <View className="skeleton-line__text">
            <View className="skeleton__block skeleton__line" />
            <View className="skeleton__block skeleton__line skeleton__line--short" />
          </View>
        </View>
      ))}
    </Frame>
  )
}

/** The checkout's sections: a heading and a field or two each. */
export function SkeletonSections({ label, count = 4 }: { label: string; count?: number }) {
  return (
    <Frame label={label} className="skeleton--sections">
      {range(count).map((i) => (
        <View key={i} className="skeleton-section">
          <View className="skeleton__block skeleton__line skeleton__line--heading" />
          <View className="skeleton__block skeleton-section__field" />
          <View className="skeleton__block skeleton__line skeleton__line--short" />
        </View>
      ))}
    </Frame>
  )
}
