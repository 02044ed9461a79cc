import { useCallback, useEffect, useState } from 'react'
import { campaignList, type CampaignList } from '@/features/campaigns/api'
import { catalogApi, type Category, type Product } from '@/api/catalog'
import { contentApi, type BannerSlide, type FeaturedCategory, type Section } from '@/api/content'
import type { OperatorText } from '@/api/appInfo'
import { messageOf } from '@/domain/errors'
import { HOME_CLEARANCE_FILTER, HOME_NEWEST_FILTER, HOME_ROW_SIZE, homeCarouselFilter, NEW_ARRIVALS_LIST } from '@shared/firstScreen'
import { listQuery } from '@shared/productQuery'


export interface ProductRowContent {
  id: string
  title: OperatorText | null
  /** Where "see all" goes. */
  url: string
  products: Product[]
}

export interface HomeContent {
  banners: BannerSlide[]
  categories: FeaturedCategory[]
  categoriesTitle: OperatorText | null
  /** Rows in this order: the template's carousels, new products, clearance. */
  rows: ProductRowContent[]
  /** The group campaigns of the campaign row (null when they could not be read: the row is left out). */
  campaigns: CampaignList | null
  /** The home template has the live rooms' entry (a shop without live rooms shows none). */
  liveRooms: boolean
  /** Which built-in row is which, for their translated titles. */
  newRowId: string
  clearanceRowId: string
}

const NEW_ROW = 'new-products'
const CLEARANCE_ROW = 'clearance-products'

const rowOf = (products: Promise<{ products: Product[] }>) => products.then((r) => r.products, () => [] as Product[])

async function loadHome(): Promise<HomeContent> {
  // Loaded with the rest, so the campaign row is part of the page's first render instead of arriving into it.
  const campaigns = campaignList().then(
    (r) => r,
    () => null
  )
  // The template is optional: without it the page is still built from the catalogue.
  const template = await contentApi.sectionTemplateByType('home').then(
    (r) => r.sections,
    () => [] as Section[]
  )
  const banner = template.find((s): s is Extract<Section, { kind: 'banner' }> => s.kind === 'banner')
  const featured = template.find((s): s is Extract<Section, { kind: 'featuredCategories' }> => s.kind === 'featuredCategories')
  const carousels = template.filter((s): s is Extract<Section, { kind: 'productCarousel' }> => s.kind === 'productCarousel')

  const [categories, carouselRows, newest, clearance] = await Promise.all([
    featured
      ? Promise.resolve(featured.categories)
      : catalogApi.categories().then(
          (r) => r.categories.filter((c: Category) => c.productCount > 0).map((c) => ({ name: c.name, nameContent: c.nameContent, image: c.image, link: `products/${c.name}` })),
          () => [] as FeaturedCategory[]
        ),
    Promise.all(
      carousels.map(async (c) => {
        const { filter, size } = homeCarouselFilter(c)
        return {
          id: c.id,
          title: c.title ?? null,
          // The section's own list, titled with the section's name (useListTitle).
          url: `/store/tag/${encodeURIComponent(c.tagName)}?list=${encodeURIComponent(c.id)}`,
          products: await rowOf(catalogApi.products(listQuery(filter, 'date', 0, size)))
        }
      })
    ),
    catalogApi.products(listQuery(HOME_NEWEST_FILTER, 'date', 0, HOME_ROW_SIZE)),
    rowOf(catalogApi.products(listQuery(HOME_CLEARANCE_FILTER, 'date', 0, HOME_ROW_SIZE)))
  ])
  return {
    banners: banner?.slides ?? [],
    campaigns: await campaigns,
    categories,
    categoriesTitle: featured?.title ?? null,
    liveRooms: template.some((s) => s.kind === 'liveRooms'),
    rows: [
      ...carouselRows,
      { id: NEW_ROW, title: null, url: `/store/productlist?cat=all&sort=date&list=${NEW_ARRIVALS_LIST}`, products: newest.products },
      { id: CLEARANCE_ROW, title: null, url: '/store/clearance', products: clearance }
    ],
    newRowId: NEW_ROW,
    clearanceRowId: CLEARANCE_ROW
  }
}

/** Shown at once when the shopper comes back home in the same session. */
let cached: HomeContent | null = null

/** Test seam: each component test starts without the cached home. */
export function clearHomeCache(): void {
  cached = null
}

/**
 * The landing page (/ and /home): banner slides and featured categories from the store's 'home' section
 * template, its product carousels, new products and clearance products. It fails only when the catalogue
 * itself (the new products) cannot be read.
 */
export function useHome() {
  const [content, setContent] = useState<HomeContent | null>(cached)
  const [error, setError] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    setError(null)
    loadHome().then(
      (home) => {
        cached = home
        if (live) setContent(home)
      },
      (err) => live && setError(messageOf(err))
    )
    return () => {
      live = false
    }
  }, [attempt])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { content, loading: !content && !error, error: content ? null : error, retry }
}
