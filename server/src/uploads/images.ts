/** Which images we accept, told by their first bytes (a file name or declared type proves nothing). */
import path from 'node:path';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface ImageType {
  mime: string;
  ext: string;
}

/**
 * Markup anywhere in the file: an image that is also an HTML page (a GIF89a header followed by <script>) is refused,
 * whatever its first bytes say, so a polyglot is never stored and served.
 */
const MARKUP = /<(script|html|body|iframe|svg|object|embed|!doctype|\?xml)[\s>/]/i;

export function sniffImage(data: Buffer): ImageType | null {
  if (MARKUP.test(data.toString('latin1'))) return null;
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { mime: 'image/png', ext: 'png' };
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  const head = data.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return { mime: 'image/gif', ext: 'gif' };
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return { mime: 'image/webp', ext: 'webp' };
  return null;
}

/** Where an upload (row of `uploads`) lives on disk: DATA_DIR/uploads/<id>.<ext>. */
export function uploadPath(dataDir: string, id: string, mime: string): string {
  return path.join(dataDir, 'uploads', `${id}.${mime.split('/')[1].replace('jpeg', 'jpg')}`);
}

/** Where an upload's file is: an ID photo's sealed file is DATA_DIR/uploads/<id>.enc (lib/idCrypto.ts), others as uploadPath. */
export function storedFilePath(dataDir: string, row: { id: string; mime: string; sealed?: boolean }): string {
  return row.sealed ? path.join(dataDir, 'uploads', `${row.id}.enc`) : uploadPath(dataDir, row.id, row.mime);
}
