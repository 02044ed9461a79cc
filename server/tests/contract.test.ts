/**
 * The contract is the schemas: every route declares what it takes and what it answers (from contract/), and the
 * committed OpenAPI document is the one the server serves. Regenerate it with `npm run openapi`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Product } from '../../contract/catalog.ts';
import { serverOnFreshDb, PREFIX } from './helpers.ts';
import { compileRouteSchemas } from '../src/app.ts';

const COMMITTED = new URL('../../contract/openapi.json', import.meta.url);

const { db, srv } = serverOnFreshDb();

/** What a route lacks: a success answer (2xx, 3xx, or 501 for a call of a later issue), params, a body. */
function missing(route: { method: string; url: string; schema?: Record<string, any> }): string[] {
  const schema = route.schema ?? {};
  const statuses = Object.keys(schema.response ?? {});
  const gaps: string[] = [];
  if (!statuses.some((s) => /^[23]\d\d$/.test(s) || s === '501')) gaps.push('response schema');
  if (statuses.includes('501') && statuses.every((s) => !/^[23]/.test(s))) return gaps; // answers 501 to any input
  if (route.url.includes(':') && !schema.params) gaps.push('params schema');
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && !schema.body && !schema.consumes) gaps.push('body schema');
  return gaps;
}

test('every API route declares its request and response schemas', () => {
  const routes = srv.app.declaredRoutes.filter((r) => r.url.startsWith(PREFIX));
  assert.ok(routes.length > 100, `expected the whole API, found ${routes.length} routes`);
  const gaps = routes.flatMap((r) => missing(r).map((what) => `${r.method} ${r.url} declares no ${what}`));
  assert.deepEqual(gaps, []);
});

test("every route's validators and serialisers compile (the server compiles each at its route's first call)", () => {
  const failures: string[] = [];
  for (const route of srv.app.declaredRoutes) {
    try {
      compileRouteSchemas(route.schema ?? {});
    } catch (e) {
      failures.push(`${route.method} ${route.url}: ${(e as Error).message}`);
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(srv.app.declaredRoutes.length > 100);
});

test('route files parse, call services and answer: no SQL, no import of another route file', () => {
  const src = fileURLToPath(new URL('../src/', import.meta.url));
  // routes/<area>.ts, and a feature folder's routes.ts (features/<area>/routes.ts)
  const routeFiles = [
    ...fs.readdirSync(path.join(src, 'routes')).map((file) => path.join(src, 'routes', file)),
    ...fs.readdirSync(path.join(src, 'features')).map((area) => path.join(src, 'features', area, 'routes.ts')).filter((file) => fs.existsSync(file)),
  ];
  assert.ok(routeFiles.some((file) => file.includes(`${path.sep}features${path.sep}`)), 'expected feature route files');
  const problems = routeFiles.flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const name = path.relative(src, file);
    return [
      ...(/\b(?:db|q)\.query\(/.test(text) ? [`${name} runs SQL`] : []),
      ...[...text.matchAll(/from '(\.{1,2}\/[^']+\.ts)'/g)]
        .map((m) => path.resolve(path.dirname(file), m[1]))
        .filter((target) => routeFiles.includes(target))
        .map((target) => `${name} imports ${path.relative(src, target)}`),
    ];
  });
  assert.deepEqual(problems, []);
});

test('every error answer is documented as { message, errors }', () => {
  for (const r of srv.app.declaredRoutes.filter((x) => x.url.startsWith(PREFIX))) {
    const response = (r.schema?.response ?? {}) as Record<string, unknown>;
    assert.ok(response['4xx'] && response['5xx'], `${r.method} ${r.url}`);
  }
});

test('the committed contract/openapi.json is the document the server serves (npm run openapi)', async () => {
  const served = await (await fetch(`${srv.base}${PREFIX}/openapi.json`)).json();
  const committed = JSON.parse(fs.readFileSync(COMMITTED, 'utf8'));
  assert.deepEqual(committed, served, 'contract/openapi.json is stale: run `npm --prefix server run openapi` and commit it');
});

test('a response field the contract does not name never leaks', async () => {
  const { rows } = await srv.app.db.query('SELECT id FROM products LIMIT 1');
  const product = await (await fetch(`${srv.base}${PREFIX}/productManagement/product/${rows[0].id}`)).json();
  await srv.app.db.query(`UPDATE settings SET value = value || '{"operatorNote": "not for shoppers"}' WHERE key = 'storeInfo'`);
  const info = await (await fetch(`${srv.base}${PREFIX}/common3/appInfoInit`)).json();
  assert.deepEqual(Object.keys(product).filter((k) => !(k in Product.properties)), []);
  assert.equal(JSON.stringify(info).includes('operatorNote'), false);
});
