/**
 * The OpenAPI 3.1 document of the client API, built from the schemas the routes declare (all from contract/), so it can
 * never say something the server does not check and serialise. Served at GET {prefix}/openapi.json and committed as
 * contract/openapi.json (npm run openapi).
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import { Kind } from '@sinclair/typebox';
import * as account from '../../contract/account.ts';
import * as appInfo from '../../contract/appInfo.ts';
import * as cart from '../../contract/cart.ts';
import * as catalog from '../../contract/catalog.ts';
import * as checkout from '../../contract/checkout.ts';
import * as common from '../../contract/common.ts';
import * as content from '../../contract/content.ts';
import * as identity from '../../contract/identity.ts';
import * as influencers from '../../contract/influencers.ts';
import * as liveStream from '../../contract/liveStream.ts';
import * as blog from '../../contract/blog.ts';
import * as memberships from '../../contract/memberships.ts';
import * as referral from '../../contract/referral.ts';
import * as orders from '../../contract/orders.ts';
import * as payments from '../../contract/payments.ts';
import * as restock from '../../contract/restock.ts';
import { SESSION_COOKIE, XSRF_COOKIE } from './lib/session.ts';
import { OPERATION_SUMMARIES } from './operationSummaries.ts';

const { ErrorBody } = common;

export interface DeclaredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

/** Records every route registered from now on (onRoute), except the HEAD twins Fastify adds to GET routes. */
export function recordRoutes(app: FastifyInstance): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema });
    }
  });
  return routes;
}

/** Every error answer of every route has the same body; routes need not repeat it. */
export function addErrorSchemas(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, response: { '4xx': ErrorBody, '5xx': ErrorBody, ...(route.schema?.response as object) } };
  });
}

type Json = Record<string, any>;

/**
 * The contract's named object schemas, keyed by their JSON text: a route schema's part equal to one of them becomes a
 * $ref to components/schemas/<name>, so each shape is written once (the first name of an alias wins).
 */
function namedSchemas(): Map<string, string> {
  const named = new Map<string, string>();
  for (const area of [common, appInfo, catalog, cart, checkout, payments, account, orders, identity, content, liveStream, blog, influencers, memberships, referral, restock]) {
    for (const [name, schema] of Object.entries(area)) {
      const isObjectSchema = isObject(schema) && (schema as any)[Kind] !== undefined && ((schema as Json).type === 'object' || (schema as Json).anyOf);
      if (!isObjectSchema) continue;
      const key = JSON.stringify(schema);
      if (!named.has(key)) named.set(key, name);
    }
  }
  return named;
}

/** `node` with every part that is a named schema replaced by a $ref; `used` collects the names. */
function withRefs(node: unknown, named: Map<string, string>, used: Map<string, unknown>, self?: string): unknown {
  if (Array.isArray(node)) return node.map((n) => withRefs(n, named, used));
  if (!isObject(node)) return node;
  const name = named.get(JSON.stringify(node));
  if (name && name !== self) {
    if (!used.has(name)) {
      used.set(name, null); // placeholder first: a schema naming itself further down stays finite
      used.set(name, withRefs(node, named, used, name));
    }
    return { $ref: `#/components/schemas/${name}` };
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, withRefs(v, named, used)]));
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null;

function parameters(where: 'path' | 'query', schema: unknown): Json[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = new Set<string>(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: s,
  }));
}

function response(status: string, schema: Json): Json {
  const description = schema.description ?? (/^[45]/.test(status) ? 'Error' : 'OK');
  if (isObject(schema.content)) return { description, content: schema.content };
  if (schema.type === 'null') return { description };
  return { description, content: { 'application/json': { schema } } };
}

/** `get /common3/coupons/{code}` → `getCommon3CouponsByCode`: unique per method and path, stable across releases. */
export function operationId(method: string, path: string): string {
  const words = path.split('/').filter(Boolean).map((part) => {
    const param = /^\{(\w+)\}$/.exec(part);
    const word = (param ? `by-${param[1]}` : part).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase());
    return word.charAt(0).toUpperCase() + word.slice(1);
  });
  return method.toLowerCase() + words.join('');
}

/**
 * Reads are open to anyone, with or without a session; every other method must echo the XSRF cookie in the
 * X-XSRF-TOKEN header (lib/session.ts), with or without a session.
 */
function security(method: string): Json[] {
  return method === 'GET' ? [{}, { session: [] }] : [{ xsrf: [] }, { xsrf: [], session: [] }];
}

function operation(route: DeclaredRoute, path: string): Json {
  const s = (route.schema ?? {}) as Json;
  const key = `${route.method} ${path}`;
  const op: Json = { operationId: operationId(route.method, path) };
  const summary = s.summary ?? OPERATION_SUMMARIES[key];
  if (summary) op.summary = summary;
  if (s.description) op.description = s.description;
  op.security = security(route.method);
  const params = [...parameters('path', s.params), ...parameters('query', s.querystring)];
  if (params.length) op.parameters = params;
  if (Array.isArray(s.consumes)) {
    op.requestBody = { required: true, content: Object.fromEntries(s.consumes.map((type: string) => [type, {}])) };
  } else if (s.body) {
    op.requestBody = { content: { 'application/json': { schema: s.body } } };
  }
  op.responses = Object.fromEntries(
    Object.entries((s.response ?? {}) as Json).map(([status, schema]) => [status.toUpperCase(), response(status, schema)]),
  );
  return op;
}

/** The document of the routes under `prefix`: paths sorted, `:param` written `{param}`. */
export function openApiDocument(routes: DeclaredRoute[], prefix: string, version: string): Json {
  const paths: Json = {};
  const sorted = routes.filter((r) => r.url.startsWith(prefix)).sort((a, b) => (a.url + a.method).localeCompare(b.url + b.method));
  for (const route of sorted) {
    const path = route.url.slice(prefix.length).replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route, path);
  }
  // A JSON round trip drops TypeBox's symbol keys and undefined values.
  const used = new Map<string, unknown>();
  const referenced = withRefs(JSON.parse(JSON.stringify(paths)), namedSchemas(), used);
  const schemas = Object.fromEntries([...used].sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'iStore client API',
      version,
      description: 'The /api/istore/client contract between the storefront and its back end. Behaviour: server/CONTRACT.md.',
    },
    servers: [{ url: prefix }],
    paths: referenced,
    components: {
      schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The shopper\'s session (set at sign-in or on the first write)' },
        xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN', description: `The value of the ${XSRF_COOKIE} cookie, sent back on every method but GET` },
      },
    },
  };
}
