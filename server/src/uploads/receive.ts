/** Taking an image from a multipart upload: the checks every upload route makes (by content, never by file name). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../lib/errors.ts';
import { MAX_IMAGE_BYTES, sniffImage, type ImageType } from './images.ts';
import { boundaryOf, fileParts } from './multipart.ts';

/** Multipart bodies are read by imageOf, not validated by a schema. */
export const multipart = ['multipart/form-data'];

/** Lets the plugin `app` (and only it) take multipart bodies, up to the image limit plus the form's own overhead. */
export function acceptMultipart(app: FastifyInstance) {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES + 64 * 1024 }, (_req, body, done) => done(null, body));
}

/** The uploaded image of a multipart body (field "file", or the only file): 400 / 413 / 415 when it is not one. */
export function imageOf(req: FastifyRequest, what: string): { data: Buffer; type: ImageType } {
  const boundary = boundaryOf(req.headers['content-type']);
  if (!boundary || !Buffer.isBuffer(req.body)) throw badRequest(`Send the ${what} as multipart/form-data (field "file")`);
  let parts;
  try {
    parts = fileParts(req.body, boundary);
  } catch (err) {
    throw badRequest(`The upload could not be read: ${(err as Error).message}`);
  }
  const file = parts.find((p) => p.field === 'file') ?? parts[0];
  if (!file || file.data.length === 0) throw badRequest(`No ${what} in the upload`);
  if (file.data.length > MAX_IMAGE_BYTES) throw new ApiError(413, `The ${what} is larger than 5 MB`);
  const type = sniffImage(file.data);
  if (!type) throw new ApiError(415, `The ${what} must be a PNG, JPEG, GIF or WebP image`);
  return { data: file.data, type };
}

/** Most pixels an uploaded picture may have before it is decoded (a small file can claim a huge canvas). */
export const UPLOAD_MAX_PIXELS = 40_000_000;

/**
 * The uploaded image of a multipart body (imageOf's checks), re-encoded in its own format with sharp, as the catalogue
 * importer does its photos (security probe 2026-12-01 N4): turned upright by its EXIF orientation and written without
 * any metadata (EXIF with GPS and author, XMP, ICC comments), so what is stored and served is the picture only. One
 * that does not decode is a 415.
 */
export async function cleanImageOf(req: FastifyRequest, what: string): Promise<{ data: Buffer; type: ImageType }> {
  const { data, type } = imageOf(req, what);
  const animated = type.mime === 'image/gif' || type.mime === 'image/webp';
  // Loaded at the first upload, not at start (a native library, ~0.1 s of CPU to load).
  const { default: sharp } = await import('sharp');
  try {
    // Decoded as leniently as a browser shows it (a bad checksum passes), but a cut-off file is refused.
    const image = sharp(data, { limitInputPixels: UPLOAD_MAX_PIXELS, animated, failOn: 'truncated' });
    // An animation keeps its frames; a still image is turned by its orientation before the tag goes.
    const upright = animated ? image : image.rotate();
    const out = type.mime === 'image/png' ? upright.png()
      : type.mime === 'image/jpeg' ? upright.jpeg({ quality: 90, mozjpeg: true })
        : type.mime === 'image/gif' ? upright.gif()
          : upright.webp({ quality: 90 });
    return { data: await out.toBuffer(), type };
  } catch {
    throw new ApiError(415, `The ${what} could not be read as a PNG, JPEG, GIF or WebP image`);
  }
}
