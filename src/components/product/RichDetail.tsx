import { View, Text } from '@tarojs/components'
import type { DetailBlock } from '@/api/catalog'
import { LazyImage } from '@/components/common/LazyImage'
import { detailPieces } from '@/domain/richDetail'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import './RichDetail.scss'

/**
 * One paragraph of the product's text: each line a block of its own (line-height from its own font, not the line box
 * of an inline text in its parent), paragraphs apart by a margin. No HTML is interpreted.
 */
export function DetailParagraph({ lines }: { lines: string[] }) {
  return (
    <View className="rich-detail__paragraph">
      {lines.map((line, j) => (
        <Text key={j} className="rich-detail__line" selectable>
          {line}
        </Text>
      ))}
    </View>
  )
}

/**
 * The product's rich detail: headings, paragraphs and captioned images, rendered as text and image components on every
 * platform (no HTML is interpreted, so nothing in the detail can run or restyle the page).
 */
export function RichDetail({ blocks }: { blocks: DetailBlock[] }) {
  const t = useT()
  const localized = useLocalized()
  const imageUrl = useImageUrl()
  const pieces = detailPieces(blocks, (text, fallback) => localized(text, fallback))
  if (!pieces.length) return null
  return (
    <View className="product-page__section rich-detail">
      <Text className="product-page__section-title" role="heading" aria-level={2}>
        {t('lists.detail')}
      </Text>
      {pieces.map((piece, i) => {
        if (piece.kind === 'heading') return <Text key={i} className="rich-detail__heading" role="heading" aria-level={3}>{piece.text}</Text>
        if (piece.kind === 'paragraph') return <DetailParagraph key={i} lines={piece.lines} />
        return (
          <View key={i} className="rich-detail__figure">
            <LazyImage src={imageUrl(piece.image)} alt={piece.caption} ratio={0.5} />
            {piece.caption ? <Text className="rich-detail__caption">{piece.caption}</Text> : null}
          </View>
        )
      })}
    </View>
  )
}
