#!/usr/bin/env node
/**
 * Draws the PWA icons (src/assets/icons/icon-<size>.png): a white shopping bag on the store's red,
 * full bleed so the same file serves as "any" and "maskable" (the bag stays inside the central
 * safe circle, 40% of the size in radius, that launchers never crop). The output is committed;
 * run again only to change the design: `node scripts/make-icons.mjs`.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'

const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'assets', 'icons')
const SIZES = [192, 512]
const RED = [0xc8, 0x10, 0x2e]
const WHITE = [0xff, 0xff, 0xff]
/** Samples per pixel edge: 4x4 supersampling smooths the curves. */
const SUPERSAMPLE = 4

/** Is the point (in 0..1 icon units) on the bag? Body: rounded rectangle; handle: upper half ring. */
function onBag(x, y) {
  const body = { left: 0.3, right: 0.7, top: 0.4, bottom: 0.74, radius: 0.04 }
  if (x >= body.left && x <= body.right && y >= body.top && y <= body.bottom) {
    const cx = Math.min(Math.max(x, body.left + body.radius), body.right - body.radius)
    const cy = Math.min(Math.max(y, body.top + body.radius), body.bottom - body.radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= body.radius ** 2
  }
  const handle = { cx: 0.5, cy: 0.4, outer: 0.11, inner: 0.075 }
  const d = Math.hypot(x - handle.cx, y - handle.cy)
  return y <= handle.cy && d <= handle.outer && d >= handle.inner
}

function crc32(bytes) {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** An 8-bit RGB PNG: one filter byte (0 = none) before each row, zlib-compressed. */
function png(size) {
  const rows = Buffer.alloc(size * (1 + size * 3))
  for (let py = 0; py < size; py++) {
    const rowStart = py * (1 + size * 3)
    for (let px = 0; px < size; px++) {
      let covered = 0
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          if (onBag((px + (sx + 0.5) / SUPERSAMPLE) / size, (py + (sy + 0.5) / SUPERSAMPLE) / size)) covered++
        }
      }
      const share = covered / SUPERSAMPLE ** 2
      for (let c = 0; c < 3; c++) rows[rowStart + 1 + px * 3 + c] = Math.round(RED[c] + (WHITE[c] - RED[c]) * share)
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.writeUInt8(8, 8) // bit depth
  header.writeUInt8(2, 9) // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0))
  ])
}

mkdirSync(OUT_DIR, { recursive: true })
for (const size of SIZES) {
  const file = path.join(OUT_DIR, `icon-${size}.png`)
  writeFileSync(file, png(size))
  console.log(`wrote ${path.relative(process.cwd(), file)}`)
}
