/**
 * A read-through cache for catalogue answers (product lists, counts, search, product pages), keyed by URL.
 * The database stays the only source of truth: every change of stock or catalogue calls bumpCatalog(), which
 * drops everything. With PGlite this process is the only writer, so the cache is exact; with PostgreSQL other
 * processes may write too, so entries also expire after CATALOG_CACHE_TTL_MS (default 1000 ms there).
 * CATALOG_CACHE=off disables it.
 */
const MAX_ENTRIES = 1000;
let entries = new Map<string, { at: number; value: unknown }>();
let ttlMs = Infinity;
let enabled = true;

export function configureCatalogCache(opts: { multiWriter: boolean; env?: NodeJS.ProcessEnv }) {
  const env = opts.env ?? process.env;
  enabled = env.CATALOG_CACHE !== 'off';
  ttlMs = env.CATALOG_CACHE_TTL_MS ? Number(env.CATALOG_CACHE_TTL_MS) : opts.multiWriter ? 1000 : Infinity;
  entries = new Map();
}

export function bumpCatalog() {
  entries = new Map();
}

/**
 * `opts.ttlMs`: how long this entry may outlive other processes' writes, when longer than the cache's own (an answer
 * costly to compute and harmless when a little behind); this process's writes still drop it at once.
 */
export async function cachedCatalog<T>(key: string, compute: () => Promise<T>, opts: { ttlMs?: number } = {}): Promise<T> {
  if (!enabled) return compute();
  const hit = entries.get(key);
  if (hit && Date.now() - hit.at < Math.max(ttlMs, opts.ttlMs ?? 0)) return hit.value as T;
  const map = entries;
  const value = await compute();
  if (map === entries) {
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, { at: Date.now(), value });
  }
  return value;
}
