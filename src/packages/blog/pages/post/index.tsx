import { BlogPostView } from '@/components/blog/BlogPostView'
import { EmptyState } from '@/components/common/EmptyState'
import { Spinner } from '@/components/common/Spinner'
import { Shell } from '@/components/shell/Shell'
import { blogListUrl, blogPostUrl } from '@/domain/blog'
import { useBlogPost } from '@/hooks/useBlogPost'
import { useLocalized } from '@/hooks/useLocalized'
import { usePageShare } from '@/hooks/usePageShare'
import { useRoute } from '@/hooks/useRoute'
import { useT } from '@/hooks/useT'
import { platform } from '@/platform'
import '@/i18n/blog'
import '@/i18n/browse'

/** /blog/:slug : one post, its body rendered from the server's safe blocks, its products one tap away. */
export default function BlogPostPage() {
  const t = useT()
  const localized = useLocalized()
  const route = useRoute()
  const { post, notFound, loading, error, retry } = useBlogPost(route.params.slug ?? '')
  const title = post ? localized(post.titleContent, post.title) : t('blog.title')
  // The mini-programs' share menu sends this post (the page shows ShareActions too).
  usePageShare({ title, path: blogPostUrl(route.params.slug ?? '') })
  let body
  if (notFound) body = <EmptyState message={t('blog.post.notFound')} action={{ label: t('blog.post.back'), onClick: () => platform.navigate(blogListUrl()) }} />
  else if (error) body = <EmptyState tone="error" message={t('blog.post.loadFailed', { message: error })} action={{ label: t('blog.retry'), onClick: () => void retry() }} />
  else if (loading || !post) body = <Spinner label={t('blog.post.loading')} />
  else body = <BlogPostView post={post} />
  return <Shell title={title}>{body}</Shell>
}
