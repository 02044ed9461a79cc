import { View } from '@tarojs/components'
import { Carousel } from '@/components/common/Carousel'
import { LazyImage } from '@/components/common/LazyImage'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useT } from '@/hooks/useT'
import './ProductGallery.scss'

/** The product's images, one per slide, in a square box that is there before any image loads. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const t = useT()
  const image = useImageUrl()
  if (images.length <= 1) {
    return (
      <View className="product-gallery">
        <LazyImage src={image(images[0])} alt={name} eager />
      </View>
    )
  }
  return (
    <View className="product-gallery">
      <View className="product-gallery__square">
        <View className="product-gallery__frame">
          <Carousel label={name}>
            {images.map((src, index) => (
              <LazyImage key={src} src={image(src)} alt={t('product.imageOf', { index: index + 1, name })} eager={index === 0} />
            ))}
          </Carousel>
        </View>
      </View>
    </View>
  )
}
