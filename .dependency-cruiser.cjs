/**
 * The import rules (ARCHITECTURE.md), checked by `npm test` ("== import rules" in scripts/test.sh) and by
 * `npm run check:imports`. Type-only imports count: a layer that names another's types depends on it.
 */
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
      to: { path: '^server/src/features/[^/]+/(routes|seed)\\.ts$', pathNot: '^server/src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
