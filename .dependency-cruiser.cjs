/**
 * The import rules (ARCHITECTURE.md), checked by `npm test` ("== import rules" in scripts/test.sh) and by
 * `npm run check:imports`. Type-only imports count: a layer that names another's types depends on it.
 */

/**
 * The server's floors, top first (paths under server/): a module imports modules of its own floor and the floors below,
 * never above. ARCHITECTURE.md "The server's floors" draws the same list; tests/unit/architectureLayers.test.ts holds
 * the two together and checks that every folder and root module of server/src is on one floor.
 */
const SERVER_FLOORS = [
  ['scripts/', 'src/index.ts', 'src/app.ts', 'src/composition.ts'],
  ['src/routes/', 'src/seed/'],
  ['src/features/'],
  ['src/payments/'],
  ['src/orders/'],
  ['src/services/', 'src/catalog/', 'src/shop/', 'src/mail/', 'src/identity/', 'src/uploads/'],
  ['src/lib/', 'src/db/', 'src/config.ts', 'src/openapi.ts', 'src/operationSummaries.ts', 'src/assets/'],
];

/** The imports that still climb a floor, each named in ARCHITECTURE.md: this file may import that one, nothing else above. */
const SERVER_BACK_EDGES = [
  ['src/identity/alipay.ts', 'src/payments/alipay.ts'],
  ['src/identity/index.ts', 'src/payments/alipay.ts'],
  ['src/mail/queue.ts', 'src/orders/orderLog.ts'],
  ['src/lib/svg.ts', 'src/seed/store.ts'],
];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A floor entry as a path pattern: a folder and everything in it, or one module. */
const pattern = (entry) => `^server/${escape(entry)}${entry.endsWith('/') ? '' : '$'}`;
const anyOf = (entries) => entries.map(pattern).join('|');

const floorRules = SERVER_FLOORS.slice(1).flatMap((floor, i) => {
  const above = SERVER_FLOORS.slice(0, i + 1).flat();
  const edges = SERVER_BACK_EDGES.filter(([from]) => floor.some((e) => pattern(e) && new RegExp(pattern(e)).test(`server/${from}`)));
  return [
    {
      name: `server-floor-${i + 2}-imports-nothing-above`,
      comment: `${floor.join(', ')} import only their floor and those below (ARCHITECTURE.md "The server's floors").`,
      severity: 'error',
      from: { path: anyOf(floor), ...(edges.length ? { pathNot: anyOf(edges.map(([from]) => from)) } : {}) },
      to: { path: anyOf(above) },
    },
    ...edges.map(([from, to]) => ({
      name: `server-back-edge-${from.replace(/^src\//, '').replace(/[/.]/g, '-')}`,
      comment: `${from} climbs to ${to} only (ARCHITECTURE.md "The server's floors", the back edges still to mend).`,
      severity: 'error',
      from: { path: pattern(from) },
      to: { path: anyOf(above), pathNot: pattern(to) },
    })),
  ];
});

module.exports = {
  forbidden: [
    {
      name: 'no-server-cycles',
      comment: 'The server has no import cycle: the order lifecycle calls the areas through orders/subscribers.ts.',
      severity: 'error',
      from: { path: '^server/(src|scripts)/' },
      to: { circular: true },
    },
    {
      name: 'server-does-not-import-the-client',
      comment: 'Code both sides run lives in shared/ (or contract/); the server never reaches into the client\'s src/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/' },
    },
    {
      name: 'shared-is-below-both-sides',
      comment: 'shared/ runs in the app and in the server: it imports only shared/ and contract/.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(src|server)/' },
    },
    {
      name: 'platform-is-below-api',
      comment: 'api/http.ts sends through the platform, so the platform never calls api/ (nor the payment flows above both).',
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { path: '^src/(api|payment)/' },
    },
    {
      name: 'domain-is-below-api-and-platform',
      comment: 'src/domain holds pure rules: wire types come from contract/, never from src/api or src/platform.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/(api|platform)/' },
    },
    {
      name: 'no-client-cycles',
      comment: 'The client has no import cycle either (type-only back edges included: they hide a layering knot).',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'a-feature-keeps-its-internals',
      comment:
        'A feature folder (src/features/<area>/) is used by others through its top-level modules (api.ts, urls.ts, ' +
        'messages.ts, i18n.ts, its rules, a hook it offers other pages like referral/useReferral.ts): never through its pages, ' +
        'components, hooks or tests.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/[^/]+/(pages|components|hooks|tests)/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'a-server-feature-keeps-its-internals',
      comment: 'server/src/features/<area>/: app.ts registers its routes.ts and seed/index.ts runs its seed.ts; other areas call its service.ts.',
      severity: 'error',
      from: { path: '^server/src/features/([^/]+)/' },
      to: { path: '^server/src/features/[^/]+/(routes|seed|index)\\.ts$', pathNot: '^server/src/features/$1/' },
    },
    {
      name: 'server-features-plug-in-at-the-root',
      comment:
        'A feature is plugged in through its one object (features/<area>/index.ts), read from the one list (features/index.ts) ' +
        'by the composition root, app.ts and the seed: nothing below them imports the list or an object.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/(src/(app|composition)\\.ts|src/seed/index\\.ts|src/features/)' },
      to: { path: '^server/src/features/(index|[^/]+/index)\\.ts$' },
    },
    {
      name: 'seed-and-payments-apart',
      comment: 'The demo data and the payments do not import each other (payments never depend on demo data; the seed pays nothing).',
      severity: 'error',
      from: { path: '^server/src/(seed|payments)/' },
      to: { path: '^server/src/(seed|payments)/', pathNot: '^server/src/$1/' },
    },
    ...floorRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
