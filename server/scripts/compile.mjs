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
 *
 * It also groups the test files for `npm test` (tests/group.mjs): `.build/tests/group-NN.mjs` each run several files in
 * one process, and `.build/tests/run-order.txt` lists what a run passes to `node --test` (the groups, and the files that
 * need a process of their own), the costliest first, so the two files running at a time finish close together.
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

/**
 * A test file that changes something every later file in its process would see: environment variables, mocks of
 * globals, globalThis, process handlers or the process's directory. It runs in a process of its own; so does one
 * that says so with a comment `// test-run: own process (why)`.
 */
const PROCESS_WIDE = [
  /process\.env(\.\w+|\[[^\]]+\])\s*(=(?!=)|\?\?=|\|\|=)/, /delete process\.env/, /Object\.assign\(process\.env/,
  /\bmock\.(timers|method|module|getter|setter|property)\b/, /\bglobalThis\./, /process\.(on|once|exit|chdir|umask)\(/,
  /^\/\/ test-run: own process/m,
];
const ownProcess = (source) => PROCESS_WIDE.some((re) => re.test(source));

/** Files per group: enough to pay a process's start once for several files, few enough to balance two at a time. */
const GROUPS = 12;
const testFiles = tsFiles('tests', (f) => f.endsWith('.test.ts')).map((f) => ({
  name: path.basename(f).replace(/\.ts$/, '.mjs'),
  source: fs.readFileSync(path.join(serverDir, f), 'utf8'),
}));
// The source's length stands for a file's cost; longest first onto the lightest group (LPT), so groups weigh alike.
const alone = testFiles.filter((f) => ownProcess(f.source)).map((f) => ({ files: [f.name], cost: f.source.length }));
const groups = Array.from({ length: GROUPS }, () => ({ files: [], cost: 0 }));
for (const f of testFiles.filter((t) => !ownProcess(t.source)).sort((a, b) => b.source.length - a.source.length)) {
  const lightest = groups.reduce((a, b) => (b.cost < a.cost ? b : a));
  lightest.files.push(f.name);
  lightest.cost += f.source.length;
}
const units = [];
groups.filter((g) => g.files.length).forEach((g, i) => {
  const name = `group-${String(i + 1).padStart(2, '0')}.mjs`;
  fs.writeFileSync(path.join(outdir, 'tests', name),
    `// Written by scripts/compile.mjs: these test files in one process (tests/group.mjs).\nimport { runFiles } from ${JSON.stringify(pathToFileURL(path.join(serverDir, 'tests/group.mjs')).href)};\n\nrunFiles(import.meta.url, ${JSON.stringify(g.files, null, 2)});\n`);
  units.push({ path: `.build/tests/${name}`, cost: g.cost });
});
for (const a of alone) units.push({ path: `.build/tests/${a.files[0]}`, cost: a.cost });
fs.writeFileSync(path.join(outdir, 'tests', 'run-order.txt'), `${units.sort((a, b) => b.cost - a.cost).map((u) => u.path).join('\n')}\n`);
console.error(`compile: ${testFiles.length} test files as ${groups.filter((g) => g.files.length).length} groups and ${alone.length} files of their own (.build/tests/run-order.txt)`);
