/**
 * The demo store's settings as a shop file (demo-shop.json, the format of `npm run shop`), checked by the same reader
 * an operator's file goes through, so every fresh development start (and every test database) runs that path.
 */
import fs from 'node:fs';
import { readShopFile } from '../shop/file.ts';
import type { ShopFile } from '../shop/schema.ts';

export const DEMO_SHOP_FILE = new URL('./demo-shop.json', import.meta.url);

export function demoShop(): ShopFile {
  return readShopFile(fs.readFileSync(DEMO_SHOP_FILE, 'utf8'));
}
