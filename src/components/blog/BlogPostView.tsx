import { View, Text } from '@tarojs/components'
import type { BlogPost } from '@/api/blog'
import { LazyImage } from '@/components/common/LazyImage'
import { Link } from '@/components/common/Link'
import { ShareActions } from '@/components/common/ShareActions'
import { ProductRow } from '@/components/product/ProductRow'
import { blogListUrl, blogPostUrl, publishedDate } from '@/domain/blog'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import { useLocale } from '@/stores/locale'
import { BLOG_COVER_RATIO } from './BlogPostCard'
import { RichText } from './RichText'
import './Blog.scss'

/** A post: cover, category (opens the list of that category), date, title, the body in the shopper's language, and its products. */
export function BlogPostView({ post }: { post: BlogPost }) {
  const t = useT()
  const localized = useLocalized()
  const image = useImageUrl()
  const language = useLocale((s) => s.language)
  const title = localized(post.titleContent, post.title)
  return (
    <View className="blog-post" data-slug={post.slug}>
      <LazyImage src={image(post.cover)} alt={title} ratio={BLOG_COVER_RATIO} eager />
      <View className="blog-post__text">
        <View className="blog-card__meta">
          <Link className="blog-card__category" to={blogListUrl(post.category)}>
            {localized(post.categoryContent, post.category)}
          </Link>
          <Text className="blog-card__date">{t('blog.post.published', { date: publishedDate(post.publishedAt) })}</Text>
        </View>
        <Text className="blog-post__title">{title}</Text>
        <Text className="blog-post__summary">{localized(post.summaryContent, post.summary)}</Text>
        <RichText blocks={post.body[language] ?? post.body.en} />
        <View className="blog-post__share">
          <ShareActions title={title} path={blogPostUrl(post.slug)} />
        </View>
      </View>
      <ProductRow title={t('blog.post.products')} products={post.products} />
      <View className="blog-post__back">
        <Link className="blog-post__back-link" to={blogListUrl()}>
          {t('blog.post.back')}
        </Link>
      </View>
    </View>
  )
}
