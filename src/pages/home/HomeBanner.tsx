import { View, Text } from '@tarojs/components'
import type { BannerSlide } from '@/api/content'
import { Carousel } from '@/components/common/Carousel'
import { ConfiguredLink } from '@/components/common/ConfiguredLink'
import { LazyImage } from '@/components/common/LazyImage'
import { mapMenuLink, type MenuLinkTarget } from '@/domain/linkMapping'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import './HomeBanner.scss'

/** Banner height / width. */
const BANNER_RATIO = 0.45

export function HomeBanner({ slides }: { slides: BannerSlide[] }) {
  const localized = useLocalized()
  const image = useImageUrl()
  const t = useT()
  if (!slides.length) return null
  const label = t('home.banners')
  return (
    <View className="home-banner" style={{ paddingTop: `${BANNER_RATIO * 100}%` }}>
      <View className="home-banner__frame">
        <Carousel label={label} autoplay interval={5000}>
          {slides.map((slide, index) => {
            const title = localized(slide.title, slide.title?.en ?? '')
            // Every slide leads somewhere: its own link, or the shop.
            const target: MenuLinkTarget = slide.link ? mapMenuLink({ link: slide.link, linkActionType: slide.linkActionType }) : { kind: 'internal', url: '/store' }
            return (
              <ConfiguredLink key={slide.image} className="home-banner__slide home-banner__slide--link" target={target}>
                {/* The first slide is the page's largest paint: it loads at once, not when scrolled near. */}
                <LazyImage src={image(slide.image)} alt={title} ratio={BANNER_RATIO} eager={index === 0} />
                <View className="home-banner__caption">
                  <Text className="home-banner__title">{title}</Text>
                  {slide.subtitle ? <Text className="home-banner__subtitle">{localized(slide.subtitle, slide.subtitle.en ?? '')}</Text> : null}
                  <Text className="home-banner__cta">{t('home.bannerCta')}</Text>
                </View>
              </ConfiguredLink>
            )
          })}
        </Carousel>
      </View>
    </View>
  )
}
