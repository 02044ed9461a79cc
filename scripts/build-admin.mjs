/**
 * npm run build:admin: the back office (admin/, issue 43) bundled by esbuild into dist/admin: one hashed script and one
 * stylesheet under dist/admin/assets, and index.html naming them (the server puts its CSP nonce in the page: no inline
 * script). The server serves it at /admin (server/src/features/admin/page.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
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
  splitting: false,
  minify: true,
  sourcemap: 'linked',
  target: ['chrome100', 'safari15'],
  jsx: 'automatic',
  outdir: assets,
  entryNames: '[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  legalComments: 'linked',
  logLevel: 'warning',
});
const outputs = Object.keys(result.metafile.outputs).map((f) => path.basename(f));
const js = outputs.find((f) => /^app-.*\.js$/.test(f));
const css = outputs.find((f) => /^app-.*\.css$/.test(f));
if (!js) throw new Error('build:admin: esbuild wrote no script');
let html = fs.readFileSync(path.join(root, 'admin', 'index.html'), 'utf8').replace('__APP_JS__', js);
html = css ? html.replace('__APP_CSS__', css) : html.replace(/<link rel="stylesheet"[^>]*__APP_CSS__[^>]*>\n?/, '');
fs.writeFileSync(path.join(out, 'index.html'), html);
const size = (f) => `${(fs.statSync(path.join(assets, f)).size / 1024).toFixed(0)} KiB`;
console.log(`build:admin: dist/admin/index.html, assets/${js} (${size(js)})${css ? `, assets/${css} (${size(css)})` : ''}`);
