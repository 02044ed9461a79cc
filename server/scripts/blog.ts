/**
 * The store operator's blog desk (the reference server has no back office):
 *
 *   npm run blog -- list                       every post: publication time (or draft), slug, category, title
 *   npm run blog -- add <post.json>            adds a post as a draft, or replaces the post of that slug (its publication
 *                                              kept): { slug, category, title: {en,zh}, summary: {en,zh},
 *                                              body: {en,zh} (HTML; sanitised when answered), cover, productIds }
 *   npm run blog -- publish <slug> [ISO time]  publishes now, or at that time (a future time schedules it)
 *   npm run blog -- unpublish <slug>           makes it a draft again
 *
 * The same code as the back office's Blog screen (features/admin/blog.ts), and like it recorded in the activity list
 * (as the system user, `via: command line`). Uses the same database settings as the server (DATA_DIR or DATABASE_URL). The embedded PGlite database is one
 * process's: stop the server first (with PostgreSQL it can run alongside).
 */
import { readFileSync } from 'node:fs';
import { allBlogPosts } from '../src/services/blog.ts';
import { publishBlogPostBy, saveBlogPostBy } from '../src/features/admin/blog.ts';
import { commandLineActor, viaCommandLine } from '../src/features/admin/cliActor.ts';
import { cliArgs, usageError, withOperatorDb } from './operatorDb.ts';

const USAGE = 'usage: blog list | add <post.json> | publish <slug> [ISO time] | unpublish <slug>';
const [command, arg, when] = cliArgs();
const known = command === 'list' || (['add', 'publish', 'unpublish'].includes(command) && !!arg);
if (!known) usageError(USAGE);

let post: unknown;
if (command === 'add') {
  try {
    post = JSON.parse(readFileSync(arg, 'utf8'));
  } catch (err) {
    usageError(`blog add: cannot read ${arg}: ${(err as Error).message}`);
  }
}

await withOperatorDb(`blog ${command}`, async (db) => {
  if (command === 'list') {
    const posts = await allBlogPosts(db);
    for (const p of posts) console.log(`${p.publishedAt ?? 'draft'.padEnd(24)}  ${p.slug}  [${p.category}]  ${p.title}`);
    if (!posts.length) console.log('no posts');
  } else if (command === 'add') {
    await saveBlogPostBy(db, commandLineActor(), post as never, undefined, viaCommandLine());
    console.log(`saved ${(post as { slug: string }).slug} (publish it with: npm run blog -- publish ${(post as { slug: string }).slug})`);
  } else {
    const at = command === 'unpublish' ? null : when ? new Date(when) : new Date();
    await publishBlogPostBy(db, commandLineActor(), arg, at, viaCommandLine());
    console.log(at ? `${arg} published at ${at.toISOString()}` : `${arg} is a draft`);
  }
});
