import { defineMessages } from '@shared/i18n/define'

export default defineMessages({
  en: {
    'blog.title': 'Blog',
    'blog.intro': 'Brewing guides, recipes and stories from our shelves.',
    'blog.categories': 'Categories',
    'blog.allCategories': 'All',
    'blog.loading': 'Loading the posts…',
    'blog.loadFailed': 'Could not load the blog: {message}',
    'blog.empty': 'No posts here yet.',
    'blog.loadingMore': 'Loading more posts…',
    'blog.loadMore': 'More posts',
    'blog.end': 'You have read them all.',
    'blog.readPost': 'Read “{title}”',
    'blog.post.loading': 'Loading the post…',
    'blog.post.loadFailed': 'Could not load this post: {message}',
    'blog.post.notFound': 'This post is not available.',
    'blog.post.back': 'All posts',
    'blog.post.published': 'Published {date}',
    'blog.post.products': 'Products in this post',
    'blog.retry': 'Try again'
  },
  zh: {
    'blog.title': '博客',
    'blog.intro': '冲泡指南、食谱和货架背后的故事。',
    'blog.categories': '分类',
    'blog.allCategories': '全部',
    'blog.loading': '正在加载文章…',
    'blog.loadFailed': '博客加载失败：{message}',
    'blog.empty': '这里还没有文章。',
    'blog.loadingMore': '正在加载更多文章…',
    'blog.loadMore': '更多文章',
    'blog.end': '文章已全部看完。',
    'blog.readPost': '阅读《{title}》',
    'blog.post.loading': '正在加载文章…',
    'blog.post.loadFailed': '文章加载失败：{message}',
    'blog.post.notFound': '这篇文章不存在或已下线。',
    'blog.post.back': '全部文章',
    'blog.post.published': '发布于 {date}',
    'blog.post.products': '文中商品',
    'blog.retry': '重试'
  }
})
