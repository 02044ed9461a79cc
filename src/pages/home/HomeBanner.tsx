import { View, Text } from '@tarojs/components'
import type { BannerSlide } from '@/api/content'
import { Carousel } from '@/components/common/Carousel'
import { LazyImage } from '@/components/common/LazyImage'
import { mapMenuLink } from '@/domain/linkMapping'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import './HomeBanner.scss'

/** Banner height / width. */
const BANNER_RATIO = 0.45

/** Opens a configured link the way the menus do (spec §2 link mapping). */
export function openConfiguredLink(link: string | undefined, linkActionType?: string): void {
  const target = mapMenuLink({ link, linkActionType })
  if (target.kind === 'internal') platform.navigate(target.url)
  else if (target.kind === 'external') platform.openExternal(target.url)
}

export function HomeBanner({ slides }: { slides: BannerSlide[] }) {
  const localized = useLocalized()
  const image = useImageUrl()
  const t = useT()
  if (!slides.length) return null
  const label = t('home.banners')
  return (
    <View className="home-banner" style={{ paddingTop: `${BANNER_RATIO * 100}%` }}>
      <Carousel className="home-banner__swiper" label={label} autoplay interval={5000}>
        {slides.map((slide, index) => {
          const title = localized(slide.title, slide.title?.en ?? '')
          return (
            <View key={slide.image} className="home-banner__slide" role={slide.link ? 'link' : undefined} tabIndex={slide.link ? 0 : undefined} onClick={() => openConfiguredLink(slide.link, slide.linkActionType)}>
              {/* The first slide is the page's largest paint: it loads at once, not when scrolled near. */}
              <LazyImage src={image(slide.image)} alt={title} ratio={BANNER_RATIO} eager={index === 0} />
              <View className="home-banner__caption">
                <Text className="home-banner__title">{title}</Text>
                {slide.subtitle ? <Text className="home-banner__subtitle">{localized(slide.subtitle, slide.subtitle.en ?? '')}</Text> : null}
              </View>
            </View>
          )
        })}
      </Carousel>
    </View>
  )
}
