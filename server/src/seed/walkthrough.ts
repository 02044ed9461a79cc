/**
 * Demo data of the shopper-walkthrough fixes (issue 18): popular searches (en and zh), so an opened search field offers
 * something on a new store; the coffee add-ons offered beside coffee (and tea) only.
 */
import type { Queryable } from '../db/index.ts';

const POPULAR: [term: string, searches: number][] = [
  ['coffee', 42], ['咖啡', 35], ['tea', 31], ['gift', 24], ['茶', 20], ['egg tarts', 16], ['礼盒', 12], ['hoodie', 9]
];

export async function seedSearchTerms(q: Queryable): Promise<void> {
  for (const [term, searches] of POPULAR) {
    await q.query('INSERT INTO search_terms (term, searches) VALUES ($1, $2) ON CONFLICT DO NOTHING', [term, searches]);
  }
}

/** Add-ons that only go with some products: 'for:<category>' tags (a demo store seeded before them gets them once). */
const ADD_ON_FOR: [nameEn: string, categories: string[]][] = [
  ['Extra Espresso Shot', ['coffee']],
  ['Oat Milk Upgrade', ['coffee', 'tea']]
];

export async function seedAddOnCategories(q: Queryable): Promise<void> {
  for (const [name, categories] of ADD_ON_FOR) {
    for (const category of categories) {
      await q.query(
        `UPDATE products SET tags = tags || jsonb_build_array($2::text) WHERE name_en = $1 AND NOT tags ? $2`,
        [name, `for:${category}`],
      );
    }
  }
}
