/** Demo popular searches (en and zh), so an opened search field offers something on a new store. */
import type { Queryable } from '../db/index.ts';

const POPULAR: [term: string, searches: number][] = [
  ['coffee', 42], ['咖啡', 35], ['tea', 31], ['gift', 24], ['茶', 20], ['egg tarts', 16], ['礼盒', 12], ['hoodie', 9]
];

export async function seedSearchTerms(q: Queryable): Promise<void> {
  for (const [term, searches] of POPULAR) {
    await q.query('INSERT INTO search_terms (term, searches) VALUES ($1, $2) ON CONFLICT DO NOTHING', [term, searches]);
  }
}
