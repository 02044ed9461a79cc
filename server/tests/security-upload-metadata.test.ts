/**
 * Uploaded pictures lose their metadata (issue 38 item 4, security probe 2026-12-01 N4): profile pictures, influencer
 * images and ID photos are re-encoded with sharp (upright by their EXIF orientation, nothing of EXIF, GPS or XMP kept),
 * as the catalogue importer does its photos; what is served publicly is the picture only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { ok, PREFIX, serverOnFreshDb, Shopper } from './helpers.ts';
import { ID_PURPOSE_VERSION } from '../../contract/constants.ts';

const { srv } = serverOnFreshDb({ config: { trustProxy: true } });

/** A 60×40 JPEG taken "on its side" (orientation 6), with the author and GPS position a phone writes. */
const TAGGED = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#2e7d5b' } })
  .withExif({
    IFD0: { Artist: 'Vera Owner', Copyright: 'Vera Owner 2026' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 39/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '79/1 22/1 5678/100' },
  })
  .withMetadata({ orientation: 6 })
  .jpeg()
  .toBuffer();

async function account(name: string) {
  const s = new Shopper(srv.base);
  ok(await s.post('/common3/clientRegistration', { emailID: `${name}@example.com`, password: 'longenough1', firstName: 'Vera', lastName: 'Owner' }, { headers: { 'x-forwarded-for': `198.51.100.${name.length}` } }));
  return s;
}

async function servedClean(path: string, cookie?: string) {
  const r = await fetch(`${srv.base}${PREFIX}${path}`, { headers: cookie ? { cookie } : {} });
  assert.equal(r.status, 200, path);
  const bytes = Buffer.from(await r.arrayBuffer());
  assert.ok(!bytes.includes('Vera Owner'), `${path}: no author in the bytes`);
  const meta = await sharp(bytes).metadata();
  assert.equal(meta.exif, undefined, `${path}: no EXIF`);
  assert.equal(meta.xmp, undefined, `${path}: no XMP`);
  assert.equal(meta.orientation, undefined, `${path}: no orientation tag left`);
  assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 40, 60], `${path}: the picture, turned upright`);
}

test('N4: a profile picture is served publicly without its EXIF author and GPS, turned upright', async () => {
  const tagged = await sharp(TAGGED).metadata();
  assert.ok(TAGGED.includes('Vera Owner') && tagged.exif && tagged.orientation === 6, 'the upload carries them');
  const s = await account('exif-avatar');
  const up = ok(await s.upload('/admin/userManagement/image/upload', TAGGED, 'me.jpg', 'image/jpeg'));
  await servedClean(`/common3/image/${up.profileImage}`);
  await servedClean(`/admin/userManagement/image/${up.profileImage}`, s.cookieHeader());
});

test('N4: an influencer image and an ID photo are stored without metadata too', async () => {
  const s = await account('exif-influencer');
  const image = ok(await s.upload('/admin/userManagement/image/influencer/upload', TAGGED, 'cover.jpg', 'image/jpeg'));
  await servedClean(`/admin/userManagement/image/${image.image}`, s.cookieHeader());
  ok(await s.post('/admin/userManagement/verifiedContact/consent', { purposeVersion: ID_PURPOSE_VERSION }));
  const id = ok(await s.upload('/admin/userManagement/image/verifiedContact/upload', TAGGED, 'id.jpg', 'image/jpeg'));
  await servedClean(`/admin/userManagement/image/${id.idImage}`, s.cookieHeader());
});

test('N4: a file that only starts like an image is refused (415), not stored', async () => {
  const s = await account('exif-broken');
  const broken = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
  const r = await s.upload('/admin/userManagement/image/upload', broken, 'me.jpg', 'image/jpeg');
  assert.equal(r.status, 415);
  assert.match(r.body.message, /could not be read as a PNG, JPEG, GIF or WebP image/);
});
