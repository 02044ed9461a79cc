import { View } from '@tarojs/components'
import { Carousel } from '@/components/common/Carousel'
import { LazyImage } from '@/components/common/LazyImage'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useImageViewer } from '@/hooks/useImageViewer'
import { useT } from '@/hooks/useT'
import { ImageViewer } from './ImageViewer'
import './ProductGallery.scss'

/**
 * The product's images, one per slide, in a square box that is there before any image loads. A tap or click on a
 * picture shows them full screen with zoom (issue 42 n-2: the mini-programs' own viewer, H5's ImageViewer); `current`
 * turns the gallery to a picture (the chosen colour's).
 */
export function ProductGallery({ images, name, current }: { images: string[]; name: string; current?: number | null }) {
  const t = useT()
  const image = useImageUrl()
  const urls = images.map((src) => image(src))
  const viewer = useImageViewer(urls)
  const picture = (src: string, index: number) => (
    <View
      key={src}
      className="product-gallery__open"
      role="button"
      tabIndex={0}
      aria-label={t('gallery.open', { index: index + 1, name })}
      onClick={() => viewer.open(index)}
    >
      <LazyImage src={image(src)} alt={t('product.imageOf', { index: index + 1, name })} eager={index === 0} />
    </View>
  )
  return (
    <View className="product-gallery">
      {images.length <= 1 ? (
        picture(images[0], 0)
      ) : (
        <View className="product-gallery__square">
          <View className="product-gallery__frame">
            <Carousel label={name} current={current}>
              {images.map(picture)}
            </Carousel>
          </View>
        </View>
      )}
      <ImageViewer urls={urls} name={name} openAt={viewer.openAt} onMove={viewer.move} onClose={viewer.close} />
    </View>
  )
}
