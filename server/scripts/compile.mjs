/**
 * Compiles the server once per test run into server/.build/ (esbuild: TypeScript stripped, each entry bundled with its
 * shared modules split into common chunks, packages left to node_modules), so the hundreds of processes a test run
 * starts (test files, spawned servers, operator CLIs, provider doubles) load plain JavaScript instead of each paying
 * tsx's loader (about 2 s of CPU per process on this machine kind). Type checking stays `npm run typecheck`.
 *
 * Entry points: src/index.ts, every scripts/*.ts, every tests/*.test.ts, the processes tests spawn from tests/
 * (embeddedDbClaimant.ts, doubles/*.ts). `import.meta.url`, `.dirname` and `.filename` are replaced by the ORIGINAL
 * source file's, so every path a module builds from its own location (migrations, seed files, brand marks, the PGlite
 * worker, a test's fixtures) still points into the source tree, wherever the bundle lives.
 *
 *   node scripts/compile.mjs        writes .build/ and prints the build's path; tests/entry.mjs picks it up through
 *                                   ISTORE_SERVER_BUILD. Without that variable everything runs from source through tsx.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(serverDir, '.build');

const tsFiles = (dir, keep = (f) => f.endsWith('.ts') && !f.endsWith('.d.ts')) =>
  fs.readdirSync(path.join(serverDir, dir)).filter(keep).map((f) => path.join(dir, f));

const entryPoints = [
  'src/index.ts',
  ...tsFiles('scripts'),
  ...tsFiles('tests', (f) => f.endsWith('.test.ts')),
  'tests/embeddedDbClaimant.ts',
  ...tsFiles('tests/doubles'),
];

/** The original file's location in place of import.meta's, in the project's own modules (not node_modules). */
const ownImportMeta = {
  name: 'own-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.(ts|mts|mjs)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      let contents = await fs.promises.readFile(args.path, 'utf8');
      if (contents.includes('import.meta')) {
        contents = contents
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      }
      return { contents, loader: args.path.endsWith('.mjs') ? 'js' : 'ts' };
    });
  },
};

const started = Date.now();
fs.rmSync(outdir, { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: serverDir,
  entryPoints,
  outdir,
  outbase: '.',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  sourcemap: 'linked',
  plugins: [ownImportMeta],
  logLevel: 'warning',
});
console.error(`compile: ${entryPoints.length} entries into ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms`);
