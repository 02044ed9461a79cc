/** Blog calls (server/CONTRACT.md "Blog"; the spec names none). Types: contract/blog.ts. */
import type { BlogCategories, BlogPost, BlogPostPage } from '@contract/blog'
import { http } from './http'

export type { BlogCategory, BlogPost, BlogPostPage, BlogPostSummary, RichBlock, RichSpan } from '@contract/blog'

export const blogApi = {
  categories: () => http.get<BlogCategories>('/common3/blog/categories'),
  posts: (startingPosition: number, numberToLoad: number, category?: string) =>
    http.get<BlogPostPage>('/common3/blog/posts', { category, startingPosition, numberToLoad }),
  post: (slug: string) => http.get<BlogPost>(`/common3/blog/post/${encodeURIComponent(slug)}`)
}
