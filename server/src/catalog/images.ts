/**
 * The operator's product photos: checked (an image by its bytes, PNG, JPEG, GIF or WebP, at most 20 MB and 40 megapixels,
 * at least 400 px each way) and resized to the sizes the app shows, as JPEG (every mini-program and browser shows it):
 * 800 px for the product page, 400 px for cards and add-ons (both fit inside a square; never enlarged). Each photo is named
 * by a hash of its bytes, so the same file imported twice is the same image and a name's content never changes (served
 * with a year's cache lifetime).
 */
import crypto from 'node:crypto';
import type { Metadata } from 'sharp';
import { sniffImage } from '../uploads/images.ts';

export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
export const PHOTO_MAX_PIXELS = 40_000_000;
export const PHOTO_MIN_SIDE = 400;
/** The sizes the app shows: product page (gallery) and cards, each the longest side in px. */
export const PHOTO_SIZES = [800, 400] as const;

const PHOTO_NAME_RE = /^photo-[0-9a-f]{16}(-400)?\.jpg$/;

/** A stored photo's name (photo-<hash>.jpg, the 400 px one photo-<hash>-400.jpg). */
export function isPhotoName(name: string): boolean {
  return PHOTO_NAME_RE.test(name);
}

/** The card-sized name of a photo (photo-<hash>.jpg → photo-<hash>-400.jpg). */
export function cardPhotoName(name: string): string {
  return name.replace(/\.jpg$/, '-400.jpg');
}

export interface ResizedPhoto {
  name: string;
  mime: 'image/jpeg';
  width: number;
  height: number;
  bytes: Buffer;
}

/** The photo's sizes, the first (800 px) being the name a product lists; or why it is refused. */
export async function preparePhoto(data: Buffer): Promise<{ photos: ResizedPhoto[] } | { refused: string }> {
  if (data.length > PHOTO_MAX_BYTES) return { refused: `is ${(data.length / 1048576).toFixed(1)} MB, more than ${PHOTO_MAX_BYTES / 1048576} MB` };
  const type = sniffImage(data);
  if (!type) return { refused: 'is not a PNG, JPEG, GIF or WebP image' };
  // Loaded here, not at start: only a catalogue import or an upload needs it (a native library, ~0.1 s of CPU to load).
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: PHOTO_MAX_PIXELS }).metadata();
  } catch (e) {
    return { refused: `cannot be read as ${type.mime}: ${(e as Error).message}` };
  }
  const [w, h] = (meta.orientation ?? 1) >= 5 ? [meta.height ?? 0, meta.width ?? 0] : [meta.width ?? 0, meta.height ?? 0];
  if (w * h > PHOTO_MAX_PIXELS) return { refused: `is ${w}×${h} px, more than ${PHOTO_MAX_PIXELS / 1e6} megapixels` };
  if (Math.min(w, h) < PHOTO_MIN_SIDE) return { refused: `is ${w}×${h} px; photos are at least ${PHOTO_MIN_SIDE} px each way` };
  const hash = crypto.createHash('sha256').update(data).digest('hex').slice(0, 16);
  const photos: ResizedPhoto[] = [];
  try {
    for (const size of PHOTO_SIZES) {
      const { data: bytes, info } = await sharp(data, { limitInputPixels: PHOTO_MAX_PIXELS })
        .rotate()
        .resize(size, size, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      photos.push({ name: size === PHOTO_SIZES[0] ? `photo-${hash}.jpg` : `photo-${hash}-${size}.jpg`, mime: 'image/jpeg', width: info.width, height: info.height, bytes });
    }
  } catch (e) {
    return { refused: `cannot be read as ${type.mime}: ${(e as Error).message}` };
  }
  return { photos };
}
