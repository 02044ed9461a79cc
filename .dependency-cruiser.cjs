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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
