/**
 * A photo uploaded in the back office (a product's, a blog post's or a campaign's cover): the base64 of the file, checked
 * and resized by the catalogue importer's own code (catalog/images.ts preparePhoto: type by its bytes, size, pixels,
 * smallest side), its sizes stored as the importer stores them (catalog_images, named by a hash of the bytes, so the
 * same file twice is one photo) and served by the storefront's image route under that name.
 */
import type { Queryable } from '../../db/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { preparePhoto, type ResizedPhoto } from '../../catalog/images.ts';

/** The photo's sizes (the first, 800 px, is the name to show), or 400 `<field>: why`. */
export async function checkedPhoto(base64: string, field = 'photo'): Promise<ResizedPhoto[]> {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw badRequest(`${field}: is not base64`);
  const prepared = await preparePhoto(Buffer.from(base64, 'base64'));
  if ('refused' in prepared) throw badRequest(`${field}: ${prepared.refused}`);
  return prepared.photos;
}

/** Stores a photo's sizes in the caller's transaction (a name stored already is left as it is). */
export async function storePhotos(q: Queryable, photos: ResizedPhoto[]): Promise<void> {
  for (const photo of photos) {
    await q.query('INSERT INTO catalog_images (name, mime, width, height, bytes) VALUES ($1,$2,$3,$4,$5) ON CONFLICT (name) DO NOTHING',
      [photo.name, photo.mime, photo.width, photo.height, photo.bytes]);
  }
}
