import { useReachBottom } from '@tarojs/taro'
import { BlogList } from '@/components/blog/BlogList'
import { Shell } from '@/components/shell/Shell'
import { useBlogList } from '@/hooks/useBlogList'
import { usePageShare } from '@/hooks/usePageShare'
import { useRoute } from '@/hooks/useRoute'
import { useT } from '@/hooks/useT'
import { blogListUrl } from '@/domain/blog'
import '@/i18n/blog'

/** /blog?category= : the store's posts, newest first, loading more on reaching the bottom. */
export default function BlogPage() {
  const t = useT()
  const route = useRoute()
  const list = useBlogList(route.params)
  useReachBottom(list.loadMore)
  usePageShare({ title: t('blog.title'), path: blogListUrl(list.category) })
  return (
    <Shell title={t('blog.title')}>
      <BlogList list={list} />
    </Shell>
  )
}
