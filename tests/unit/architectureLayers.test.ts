/**
 * ARCHITECTURE.md's server floors cannot drift from the import rules: the floors and back edges the document lists are
 * the ones `.dependency-cruiser.cjs` enforces (evaluated here on representative paths, as depcruise matches them), and
 * every folder and root module of server/src is on exactly one floor.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..', '..');
const doc = fs.readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');
// eslint-disable-next-line @typescript-eslint/no-var-requires
const config = require(path.join(root, '.dependency-cruiser.cjs')) as { forbidden: Rule[] };

interface Side { path?: string; pathNot?: string; circular?: boolean }
interface Rule { name: string; from: Side; to: Side }

/** The block between `<!-- name -->` and `<!-- /name -->`. */
function block(name: string): string {
  const start = doc.indexOf(`<!-- ${name} -->`);
  const end = doc.indexOf(`<!-- /${name} -->`);
  if (start < 0 || end < start) throw new Error(`ARCHITECTURE.md has no <!-- ${name} --> block`);
  return doc.slice(start, end);
}

const ticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

/** The document's floors, top first: each numbered item's backticked paths before its dash. */
const floors: string[][] = block('server floors')
  .split('\n')
  .filter((l) => /^\d+\. /.test(l))
  .map((l) => ticked(l.split(' — ')[0]));
const floorOf = (entry: string) => floors.findIndex((f) => f.includes(entry));

const backEdges: [string, string][] = block('server back edges')
  .split('\n')
  .filter((l) => l.startsWith('- '))
  .map((l) => ticked(l.split(':')[0]) as [string, string]);

/** A path inside an entry, as depcruise names modules (relative to the repository). */
const inside = (entry: string) => `server/${entry}${entry.endsWith('/') ? 'x.ts' : ''}`;

/** Whether a depcruise side matches a module path, `$1` standing for the from side's first group (as depcruise does). */
const matches = (side: Side, p: string, group = '') => {
  const re = (s: string) => new RegExp(s.replace(/\$1/g, group));
  return (side.path === undefined || re(side.path).test(p)) && (side.pathNot === undefined || !re(side.pathNot).test(p));
};

/** The rules that forbid importing `to` from `from` (cycle rules aside). */
const forbidding = (from: string, to: string) =>
  config.forbidden
    .filter((r) => !r.to.circular && matches(r.from, from) && matches(r.to, to, new RegExp(r.from.path ?? '').exec(from)?.[1] ?? ''))
    .map((r) => r.name);

/** The server/src entries (folders and root modules) and the operator CLIs. */
const entries = [
  'scripts/',
  ...fs.readdirSync(path.join(root, 'server', 'src'), { withFileTypes: true })
    .filter((d) => d.isDirectory() || /\.(ts|mjs|js)$/.test(d.name))
    .map((d) => `src/${d.name}${d.isDirectory() ? '/' : ''}`),
];

describe("ARCHITECTURE.md's server floors", () => {
  it('lists the floors, each with its paths', () => {
    expect(floors.length).toBeGreaterThanOrEqual(5);
    for (const f of floors) expect(f.length).toBeGreaterThan(0);
  });

  it('puts every folder and root module of server/src on exactly one floor, and names nothing that is not there', () => {
    for (const e of entries) expect([e, floors.filter((f) => f.includes(e)).length]).toEqual([e, 1]);
    for (const e of floors.flat()) expect([e, entries.includes(e)]).toEqual([e, true]);
  });

  it('is what the import rules enforce: a floor never imports one above it, and may import its own and those below', () => {
    const wrong: string[] = [];
    for (const from of entries) {
      for (const to of entries) {
        if (from === to) continue;
        const above = floorOf(to) < floorOf(from);
        const apart = ['src/seed/', 'src/payments/'].includes(from) && ['src/seed/', 'src/payments/'].includes(to);
        const rules = forbidding(inside(from), inside(to));
        if (above !== rules.length > 0 && !(apart && rules.length > 0)) {
          wrong.push(`${from} -> ${to}: document ${above ? 'forbids' : 'allows'}, rules ${rules.length ? `forbid (${rules.join(', ')})` : 'allow'}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps seed/ and payments/ apart, though seed/ is on the higher floor', () => {
    expect(forbidding(inside('src/seed/'), inside('src/payments/')).length).toBeGreaterThan(0);
    expect(forbidding(inside('src/payments/'), inside('src/seed/')).length).toBeGreaterThan(0);
  });

  it('lets each listed back edge climb to its one module only, and the rules exempt no other module', () => {
    expect(backEdges.length).toBeGreaterThan(0);
    for (const [from, to] of backEdges) {
      expect([from, to, forbidding(`server/${from}`, `server/${to}`)]).toEqual([from, to, []]);
      // Anything else above it stays forbidden: every other entry of a higher floor, and another module of the target's folder.
      const fromFloor = floorOf(from.replace(/[^/]+$/, ''));
      const targetFolder = to.replace(/[^/]+$/, '');
      for (const other of floors.slice(0, fromFloor).flat().filter((e) => e !== targetFolder)) {
        expect([from, other, forbidding(`server/${from}`, inside(other)).length > 0]).toEqual([from, other, true]);
      }
      expect([from, forbidding(`server/${from}`, `server/${targetFolder}another.ts`).length > 0]).toEqual([from, true]);
    }
    const exempted = config.forbidden.filter((r) => r.name.startsWith('server-floor-') && r.from.pathNot);
    for (const r of exempted) {
      const named = backEdges.filter(([from]) => new RegExp(r.from.pathNot!).test(`server/${from}`));
      const all = entries.flatMap((e) => [inside(e)]).filter((p) => new RegExp(r.from.pathNot!).test(p));
      expect([r.name, all]).toEqual([r.name, []]);
      expect(named.length).toBeGreaterThan(0);
    }
    // One rule per back edge, each for an edge the document lists.
    const edgeRules = config.forbidden.filter((r) => r.name.startsWith('server-back-edge-'));
    expect(edgeRules.map((r) => backEdges.filter(([from]) => new RegExp(r.from.path!).test(`server/${from}`)).length)).toEqual(backEdges.map(() => 1));
  });
});
