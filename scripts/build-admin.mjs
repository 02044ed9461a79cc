/**
 * npm run build:admin: the back office (admin/, issue 43) bundled by esbuild into dist/admin: hashed ES modules and one
 * stylesheet under dist/admin/assets, and index.html naming them (the server puts its CSP nonce in the page: no inline
 * script). The server serves it at /admin (server/src/features/admin/page.ts).
 *
 * Split (issue 43): the entry holds the shell, the sign-in screen and the orders desk; each other screen is a chunk of
 * its own that the browser fetches when the screen is first opened (main.tsx's lazy() imports), and what several of
 * them share (Ant Design's components, the React runtime) goes in shared chunks. The chunks the entry itself imports
 * and the orders desk's chunks are named in index.html as <link rel="modulepreload"> so they download beside it, not
 * after it. Everything is a
 * same-origin script, so the page's CSP (script-src 'self') allows it unchanged. dist/admin/sizes.json records the
 * sign-in screen's load and the desk's in bytes and gzip, for bench/check-budgets.mjs. Ant Design is imported per
 * component (antd/es/button, ...): through the 'antd' index, esbuild's splitting put every component any screen uses
 * into the first load (1.3 MB again); the plugin below refuses the index.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist', 'admin');
const assets = path.join(out, 'assets');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(assets, { recursive: true });
const result = await esbuild.build({
  entryPoints: { app: path.join(root, 'admin', 'src', 'main.tsx') },
  bundle: true,
  format: 'esm',
  splitting: true,
  minify: true,
  sourcemap: 'linked',
  target: ['chrome100', 'safari15'],
  jsx: 'automatic',
  outdir: assets,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  legalComments: 'linked',
  logLevel: 'warning',
  plugins: [{
    name: 'antd-per-component',
    setup(build) {
      build.onResolve({ filter: /^antd$/ }, (args) => ({
        errors: [{ text: `${path.relative(root, args.importer)}: import Ant Design per component (import Button from 'antd/es/button'), not from 'antd': through the index every component lands in the first load` }],
      }));
    },
  }],
});
const outputs = Object.keys(result.metafile.outputs).map((f) => path.basename(f));
const js = outputs.find((f) => /^app-.*\.js$/.test(f));
const css = outputs.find((f) => /^app-.*\.css$/.test(f));
if (!js) throw new Error('build:admin: esbuild wrote no script');
if (outputs.some((f) => f.endsWith('.css') && f !== css)) throw new Error('build:admin: a lazily loaded screen imports CSS, which nothing would load: import it from main.tsx');
/** The chunks a script imports statically, and theirs: what the browser needs before the entry runs. */
const byName = new Map(Object.entries(result.metafile.outputs).map(([file, meta]) => [path.basename(file), meta]));
const staticImports = (name, seen = new Set()) => {
  for (const imp of byName.get(name)?.imports ?? []) {
    const dep = path.basename(imp.path);
    if (imp.kind === 'import-statement' && !seen.has(dep)) { seen.add(dep); staticImports(dep, seen); }
  }
  return seen;
};
const signInFiles = [js, ...staticImports(js)];
const deskChunk = Object.entries(result.metafile.outputs).find(([, meta]) => meta.entryPoint === 'admin/src/screens/Desk.tsx')?.[0];
if (!deskChunk) throw new Error('build:admin: no chunk of its own for the orders desk (main.tsx imports it lazily)');
const deskFiles = [path.basename(deskChunk), ...staticImports(path.basename(deskChunk))].filter((f) => !signInFiles.includes(f));
const preloads = [...signInFiles.slice(1), ...deskFiles];
let html = fs.readFileSync(path.join(root, 'admin', 'index.html'), 'utf8').replace('__APP_JS__', js);
html = css ? html.replace('__APP_CSS__', css) : html.replace(/<link rel="stylesheet"[^>]*__APP_CSS__[^>]*>\n?/, '');
html = html.replace(/<link rel="modulepreload"[^>]*__APP_PRELOADS__[^>]*>\n?/,
  preloads.map((f) => `<link rel="modulepreload" href="/admin/assets/${f}">\n`).join(''));
fs.writeFileSync(path.join(out, 'index.html'), html);
const measure = (files) => files.reduce((sum, f) => {
  const bytes = fs.readFileSync(path.join(assets, f));
  return { bytes: sum.bytes + bytes.length, gzip: sum.gzip + zlib.gzipSync(bytes, { level: 9 }).length };
}, { bytes: 0, gzip: 0 });
const cssFiles = css ? [css] : [];
const signIn = measure([...signInFiles, ...cssFiles]);
const desk = measure([...signInFiles, ...deskFiles, ...cssFiles]);
const scripts = outputs.filter((f) => f.endsWith('.js'));
const all = measure(scripts);
const sizes = {
  $comment: 'Written by scripts/build-admin.mjs. signIn: what the sign-in screen needs (the entry, its static imports, the stylesheet); desk: that and the orders desk\'s chunks (all preloaded by index.html); allScripts: every screen.',
  signIn: { files: [...signInFiles, ...cssFiles], ...signIn },
  desk: { files: [...signInFiles, ...deskFiles, ...cssFiles], ...desk },
  allScripts: { files: scripts.length, ...all },
};
fs.writeFileSync(path.join(out, 'sizes.json'), `${JSON.stringify(sizes, null, 2)}\n`);
const kib = ({ bytes, gzip }) => `${(bytes / 1024).toFixed(0)} KiB (${(gzip / 1024).toFixed(0)} KiB gzip)`;
console.log(`build:admin: dist/admin/index.html; sign-in ${kib(signIn)}, with the desk ${kib(desk)}; ${scripts.length} scripts in all, ${kib(all)}`);
