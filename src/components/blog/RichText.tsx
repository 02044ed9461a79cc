import { Fragment } from 'react'
import { View, Text } from '@tarojs/components'
import type { RichBlock, RichSpan } from '@/api/blog'
import { LazyImage } from '@/components/common/LazyImage'
import { Link } from '@/components/common/Link'
import { linkTarget } from '@/domain/blog'
import { useImageUrl } from '@/hooks/useImageUrl'
import './RichText.scss'

/** Images in a post keep a 16:9 box until they arrive. */
const IMAGE_RATIO = 9 / 16

function Spans({ spans }: { spans: RichSpan[] }) {
  return (
    <>
      {spans.map((span, i) => {
        const marks = `${span.bold ? ' rich-text__bold' : ''}${span.italic ? ' rich-text__italic' : ''}`
        // A line break inside a span: Text shows '\n' as a break on every platform, so the text is kept as it is.
        const target = linkTarget(span.href)
        if (target.kind === 'none') {
          return (
            <Text key={i} className={`rich-text__span${marks}`}>
              {span.text}
            </Text>
          )
        }
        return (
          <Link key={i} className={`rich-text__span rich-text__link${marks}`} to={target.url} external={target.kind === 'external'} data-href={span.href ?? ''}>
            {span.text}
          </Link>
        )
      })}
    </>
  )
}

/**
 * A post's body: the server's sanitised blocks drawn with View, Text and the store's image component, so it looks the
 * same on H5 and both mini-programs (no HTML, no dangerouslySetInnerHTML). Links to storefront pages open them in the
 * app; https links open outside it.
 */
export function RichText({ blocks }: { blocks: RichBlock[] }) {
  const image = useImageUrl()
  return (
    <View className="rich-text">
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'image':
            return (
              <View key={i} className="rich-text__image">
                <LazyImage src={image(block.src)} alt={block.alt} ratio={IMAGE_RATIO} />
              </View>
            )
          case 'bulletList':
          case 'numberedList':
            return (
              <View key={i} className={`rich-text__list rich-text__list--${block.type === 'bulletList' ? 'bullet' : 'numbered'}`} role="list">
                {block.items.map((item, n) => (
                  <View key={n} className="rich-text__item" role="listitem">
                    <Text className="rich-text__marker" aria-hidden="true">
                      {block.type === 'bulletList' ? '•' : `${n + 1}.`}
                    </Text>
                    <View className="rich-text__item-text">
                      <Spans spans={item} />
                    </View>
                  </View>
                ))}
              </View>
            )
          case 'heading':
          case 'subheading':
            return (
              <View key={i} className={`rich-text__${block.type}`} role="heading" aria-level={block.type === 'heading' ? 2 : 3}>
                <Spans spans={block.spans} />
              </View>
            )
          case 'quote':
          case 'paragraph':
            return (
              <View key={i} className={`rich-text__${block.type}`}>
                <Spans spans={block.spans} />
              </View>
            )
          default:
            // A block kind this client does not know yet is skipped (the contract may grow).
            return <Fragment key={i} />
        }
      })}
    </View>
  )
}
