/**
 * The blog (client: src/api/blog.ts, pages /blog and /blog/:slug). Public: guests and signed-in shoppers read the same.
 * The spec names no blog calls; these sit under common3 with the other public reads (server/CONTRACT.md "Blog").
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { BlogCategories, BlogPost, BlogPostPage, BlogPostsQuery, BlogSlugParams } from '../../../contract/blog.ts';
import { BLOG_PAGE_SIZE } from '../../../contract/constants.ts';
import { blogCategories, blogPost, blogPosts } from '../services/blog.ts';

export default async function blogRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.get('/common3/blog/categories', { schema: { response: { 200: BlogCategories } } }, async () => ({ categories: await blogCategories(db) }));

  app.get('/common3/blog/posts', { schema: { querystring: BlogPostsQuery, response: { 200: BlogPostPage } } }, async (req) => {
    const { category, numberToLoad = BLOG_PAGE_SIZE, startingPosition = 0 } = req.query;
    return blogPosts(db, category, numberToLoad, startingPosition);
  });

  app.get('/common3/blog/post/:slug', { schema: { params: BlogSlugParams, response: { 200: BlogPost } } }, async (req) => blogPost(db, req.params.slug));
}
