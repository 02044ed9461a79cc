import { memo } from 'react'
import { View, Text } from '@tarojs/components'
import type { BlogPostSummary } from '@/api/blog'
import { LazyImage } from '@/components/common/LazyImage'
import { Link } from '@/components/common/Link'
import { blogPostUrl, publishedDate } from '@/domain/blog'
import { useImageUrl } from '@/hooks/useImageUrl'
import { useLocalized } from '@/hooks/useLocalized'
import { useT } from '@/hooks/useT'
import './Blog.scss'

/** Blog covers are 16:9. */
export const BLOG_COVER_RATIO = 9 / 16

/** One post in the list: cover, category, date, title and summary in the shopper's language; opens the post. */
export const BlogPostCard = memo(function BlogPostCard({ post, eager = false }: { post: BlogPostSummary; eager?: boolean }) {
  const t = useT()
  const localized = useLocalized()
  const image = useImageUrl()
  const title = localized(post.titleContent, post.title)
  return (
    <Link className="blog-card" to={blogPostUrl(post.slug)} label={t('blog.readPost', { title })} data-slug={post.slug}>
      <LazyImage src={image(post.cover)} alt={title} ratio={BLOG_COVER_RATIO} eager={eager} />
      <View className="blog-card__text">
        <View className="blog-card__meta">
          <Text className="blog-card__category">{localized(post.categoryContent, post.category)}</Text>
          <Text className="blog-card__date">{publishedDate(post.publishedAt)}</Text>
        </View>
        <Text className="blog-card__title">{title}</Text>
        <Text className="blog-card__summary">{localized(post.summaryContent, post.summary)}</Text>
      </View>
    </Link>
  )
})
