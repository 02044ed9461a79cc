/**
 * Search help (shopper walkthrough 2.4): "did you mean" close matches for a term that found nothing, taken from the
 * active catalogue's own words (English names, brands, tags and categories; Chinese names), and the terms shoppers
 * search for most. SQL here; the route only parses and answers.
 */
import type { Queryable } from '../db/index.ts';
import { cachedCatalog } from './catalogCache.ts';
import { NOT_AN_ADD_ON, searchGrams } from './catalog.ts';

/** Han characters (a Chinese term is matched against the Chinese names, character by character). */
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/u;
const MAX_SUGGESTIONS = 3;

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours each cost 1. */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const d: number[][] = Array.from({ length: s.length + 1 }, (_, i) => [i, ...Array<number>(t.length).fill(0)]);
  for (let j = 1; j <= t.length; j++) d[0][j] = j;
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[s.length][t.length];
}

/**
 * How far a word may be from a catalogue word to be offered: one typo in a short word, two in a long one. A Chinese
 * character says as much as a Latin word's few letters: two characters may already have one wrong.
 */
export const allowance = (word: string) => {
  const length = [...word].length;
  if (HAN.test(word)) return length <= 1 ? 0 : length <= 4 ? 1 : 2;
  return length <= 2 ? 0 : length <= 5 ? 1 : 2;
};

/** The most characters any word may be away (allowance's largest): the index holds deletions up to this many. */
const MOST_EDITS = 2;

/** `chars` with up to `edits` characters deleted, itself included (a word's deletion neighbourhood). */
function deletions(chars: string[], edits: number, into: Set<string> = new Set()): Set<string> {
  into.add(chars.join(''));
  if (edits > 0) for (let i = 0; i < chars.length; i++) deletions([...chars.slice(0, i), ...chars.slice(i + 1)], edits - 1, into);
  return into;
}

/**
 * Words (with how many products use them) indexed by deletion neighbourhood: two words at most k edits apart (an
 * insertion, deletion, substitution or swap of neighbours each deletes at most one character from either side) share a
 * string both reach by deleting at most k characters. A lookup computes the distance to those words only, never
 * scanning every word; what it finds is what a scan of every word would.
 */
export interface WordIndex {
  /** The best few words for one word, closest first, then the most used, then alphabetical. */
  closest(word: string, limit: number): string[];
  /** The words a lookup of `word` measures the distance to. */
  candidates(word: string): Set<string>;
  has(word: string): boolean;
}

export function wordIndex(words: Map<string, number>): WordIndex {
  const byDeletion = new Map<string, string[]>();
  let longest = 0;
  for (const word of words.keys()) {
    const chars = [...word];
    longest = Math.max(longest, chars.length);
    for (const d of deletions(chars, MOST_EDITS)) {
      const list = byDeletion.get(d);
      if (list) list.push(word);
      else byDeletion.set(d, [word]);
    }
  }
  const candidates = (word: string) => {
    const found = new Set<string>();
    const chars = [...word];
    const max = allowance(word);
    // A word longer than the longest known word by more than the edits allowed is close to none.
    if (max === 0 || chars.length - max > longest) return found;
    for (const d of deletions(chars, max)) for (const w of byDeletion.get(d) ?? []) found.add(w);
    return found;
  };
  return {
    candidates,
    has: (word) => words.has(word),
    closest(word, limit) {
      const max = allowance(word);
      const found: { text: string; distance: number; uses: number }[] = [];
      for (const text of candidates(word)) {
        if (text === word || Math.abs([...text].length - [...word].length) > max) continue;
        const distance = editDistance(word, text);
        if (distance <= max) found.push({ text, distance, uses: words.get(text)! });
      }
      found.sort((a, b) => a.distance - b.distance || b.uses - a.uses || a.text.localeCompare(b.text));
      return found.slice(0, limit).map((f) => f.text);
    },
  };
}

/** Every run of `length` characters of the Chinese names, with how many products use the names holding it. */
function chineseRuns(names: Map<string, number>, length: number): Map<string, number> {
  const runs = new Map<string, number>();
  for (const [name, uses] of names) {
    const chars = [...name];
    for (let i = 0; i + length <= chars.length; i++) {
      const run = chars.slice(i, i + length).join('');
      if ([...run].every((c) => HAN.test(c))) runs.set(run, (runs.get(run) ?? 0) + uses);
    }
  }
  return runs;
}

interface Vocabulary {
  /** Latin words (lower case, 3+ letters), by how many products use them. */
  words: WordIndex;
  /** The runs of each length of the Chinese names (products and categories), indexed when first asked for. */
  chineseRuns(length: number): WordIndex;
}

/**
 * The catalogue's words, read and indexed once per catalogue change (bumpCatalog), not per call. On PostgreSQL other
 * processes may change the catalogue: it is read again after VOCABULARY_TTL_MS at the latest (a suggestion may miss a
 * word added elsewhere for that long; it never offers one that finds nothing for long, as words go with their products).
 */
const VOCABULARY_TTL_MS = 5 * 60_000;

async function vocabulary(q: Queryable): Promise<Vocabulary> {
  return cachedCatalog('search:vocabulary', async () => {
    const { rows } = await q.query(
      `SELECT p.name_en, p.name_zh, p.brand, p.tags::text AS tags, p.category, c.name_en AS cat_en, c.name_zh AS cat_zh
       FROM products p JOIN categories c ON c.name = p.category
       WHERE p.record_status = 'ACTIVE' AND p.product_type = 'PRODUCT' AND ${NOT_AN_ADD_ON}`,
    );
    const words = new Map<string, number>();
    const chinese = new Map<string, number>();
    const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
    for (const r of rows as Record<string, string>[]) {
      const latin = new Set(`${r.name_en} ${r.brand} ${r.tags} ${r.category} ${r.cat_en}`.toLowerCase().match(/\p{L}{3,}/gu) ?? []);
      for (const w of latin) if (!HAN.test(w)) count(words, w);
      for (const name of new Set([r.name_zh, r.cat_zh])) if (name && HAN.test(name)) count(chinese, name);
    }
    const longestName = Math.max(0, ...[...chinese.keys()].map((name) => [...name].length));
    const runs = new Map<number, WordIndex>();
    return {
      words: wordIndex(words),
      chineseRuns(length) {
        // No run is longer than the longest name: a longer term is indexed as nothing, not remembered per length.
        if (length > longestName) return wordIndex(new Map());
        let index = runs.get(length);
        if (!index) runs.set(length, (index = wordIndex(chineseRuns(chinese, length))));
        return index;
      },
    };
  }, { ttlMs: VOCABULARY_TTL_MS });
}

/**
 * Close matches for a term that found nothing: for a Chinese term, runs of the Chinese names of the same length one or
 * two characters away; otherwise each unknown word replaced by the closest catalogue word ("cofee bens" → "coffee beans"),
 * or for a single word, up to three close words. None when nothing is close.
 */
export async function didYouMean(q: Queryable, term: string): Promise<string[]> {
  const clean = term.trim().toLowerCase();
  if (!clean) return [];
  const vocab = await vocabulary(q);
  if (HAN.test(clean)) return vocab.chineseRuns([...clean].length).closest(clean, MAX_SUGGESTIONS);
  const words = clean.match(/\p{L}+|\d+/gu) ?? [];
  if (words.length === 1) return vocab.words.closest(words[0], MAX_SUGGESTIONS);
  let changed = false;
  const fixed = words.map((w) => {
    if (vocab.words.has(w) || /^\d+$/.test(w)) return w;
    const best = vocab.words.closest(w, 1)[0];
    if (best) changed = true;
    return best ?? w;
  });
  return changed ? [fixed.join(' ')] : [];
}

const LISTED = `p.record_status = 'ACTIVE' AND p.product_type = 'PRODUCT' AND ${NOT_AN_ADD_ON}`;
/** A category with a listed product (categories are few; the product is found through products_related_idx). */
const LISTED_CATEGORY = `EXISTS (SELECT 1 FROM products p WHERE p.category = c.name AND ${LISTED})`;

/**
 * Whether a word (lower-case letters, 3 or more) is a whole word of a listed product's English name, brand, tags,
 * category or category's English name. The search's own index narrows the products to those holding the word; a
 * regular expression then asks for no letter either side, as the vocabulary's words are whole runs of letters.
 */
async function isCatalogueWord(q: Queryable, word: string): Promise<boolean> {
  const whole = `(^|[^[:alpha:]])${word}($|[^[:alpha:]])`;
  const { rows } = await q.query(
    `SELECT EXISTS (
       SELECT 1 FROM products p JOIN categories c ON c.name = p.category
       WHERE ${LISTED} AND search_grams(p.search_doc) @> $1::text[] AND p.search_doc LIKE $2
         AND lower(p.name_en || ' ' || p.brand || ' ' || p.tags::text || ' ' || p.category) ~ $3
     ) OR EXISTS (SELECT 1 FROM categories c WHERE lower(c.name_en) ~ $3 AND ${LISTED_CATEGORY}) AS found`,
    [searchGrams(word), `%${word}%`, whole],
  );
  return rows[0].found;
}

/** Whether a Chinese term is inside a listed product's Chinese name or its category's. */
async function isInChineseName(q: Queryable, term: string): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT EXISTS (
       SELECT 1 FROM products p JOIN categories c ON c.name = p.category
       WHERE ${LISTED} AND search_grams(p.search_doc) @> $1::text[] AND strpos(p.name_zh, $2) > 0
     ) OR EXISTS (SELECT 1 FROM categories c WHERE strpos(c.name_zh, $2) > 0 AND ${LISTED_CATEGORY}) AS found`,
    [searchGrams(term), term],
  );
  return rows[0].found;
}

/**
 * A term made of the catalogue's own words (each English word whole, a Chinese term inside a Chinese name), so the
 * popular list never shows a fragment searched over and over ("rea" finds "Banana Bread" but is no word of it).
 * The same words as didYouMean's vocabulary, asked through the search index rather than read whole: asked once per
 * search, it must not grow with the catalogue.
 */
async function isCatalogueTerm(q: Queryable, clean: string): Promise<boolean> {
  if (HAN.test(clean)) return isInChineseName(q, clean);
  const words = [...new Set((clean.match(/\p{L}+|\d+/gu) ?? []).filter((w) => !/^\d+$/.test(w)))];
  if (words.length === 0) return /\d/.test(clean);
  if (words.some((w) => [...w].length < 3)) return false;
  for (const word of words) if (!(await isCatalogueWord(q, word))) return false;
  return true;
}

/**
 * Counts a search that found something (the term normalised: trimmed, lower case, inner spaces single) when it is made
 * of the catalogue's own words.
 */
export async function recordSearch(q: Queryable, term: string): Promise<void> {
  const clean = term.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!clean || clean.length > 100 || !(await isCatalogueTerm(q, clean))) return;
  await q.query(
    `INSERT INTO search_terms (term, searches) VALUES ($1, 1)
     ON CONFLICT (term) DO UPDATE SET searches = search_terms.searches + 1, last_searched_at = now()`,
    [clean],
  );
}

/**
 * The terms searched most in the shopper's language (ties: the most recent first): a term with a Chinese character is a
 * zh term, any other an en one, so an English shopper is never offered 咖啡.
 */
export async function popularSearches(q: Queryable, locale: 'en' | 'zh', limit: number): Promise<string[]> {
  const { rows } = await q.query(
    `SELECT term FROM search_terms WHERE (term ~ $1) = $2 ORDER BY searches DESC, last_searched_at DESC, term LIMIT $3`,
    [HAN.source, locale === 'zh', limit],
  );
  return rows.map((r: { term: string }) => r.term);
}
