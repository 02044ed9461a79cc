import { View, Text } from '@tarojs/components'
import { EmptyState } from '@/components/common/EmptyState'
import { Spinner } from '@/components/common/Spinner'
import { Button } from '@/components/taro/Button'
import type { useBlogList } from '@/hooks/useBlogList'
import { useT } from '@/hooks/useT'
import { BlogPostCard } from './BlogPostCard'
import { CategoryFilter } from './CategoryFilter'
import './Blog.scss'

/** The blog list in each of its states, with the category filter above and the next-page footer below. */
export function BlogList({ list }: { list: ReturnType<typeof useBlogList> }) {
  const t = useT()
  let body
  if (list.status === 'loading') body = <Spinner label={t('blog.loading')} />
  else if (list.status === 'error') {
    body = <EmptyState tone="error" message={t('blog.loadFailed', { message: list.error ?? '' })} action={{ label: t('blog.retry'), onClick: list.retry }} />
  } else if (!list.posts.length) body = <EmptyState message={t('blog.empty')} />
  else {
    body = (
      <>
        <View className="blog-list__posts">
          {list.posts.map((post, i) => (
            <BlogPostCard key={post.slug} post={post} eager={i === 0} />
          ))}
        </View>
        <View className="blog-list__footer">
          {list.moreError ? (
            <View className="blog-list__error" role="alert">
              {t('blog.loadFailed', { message: list.moreError })}
            </View>
          ) : null}
          {list.loadingMore ? (
            <Text className="blog-list__end">{t('blog.loadingMore')}</Text>
          ) : list.hasMore ? (
            <Button className="blog-list__more" size="mini" onClick={list.loadMore}>
              {list.moreError ? t('blog.retry') : t('blog.loadMore')}
            </Button>
          ) : (
            <Text className="blog-list__end">{t('blog.end')}</Text>
          )}
        </View>
      </>
    )
  }
  return (
    <View className="blog-list">
      <Text className="blog-list__title">{t('blog.title')}</Text>
      <Text className="blog-list__intro">{t('blog.intro')}</Text>
      {list.categories.length ? <CategoryFilter categories={list.categories} value={list.category} onChange={list.choose} /> : null}
      {body}
    </View>
  )
}
