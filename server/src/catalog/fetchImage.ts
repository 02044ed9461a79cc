/**
 * A catalogue's image named by URL (a Shopify export's Image Src, or any format's images), fetched at import with the
 * checks a file gets (images.ts: size, type, pixels) and those a fetch needs: http or https only, a time limit for the
 * whole fetch (CATALOG_FETCH_TIMEOUT_MS, 20 s), at most PHOTO_MAX_BYTES read, at most 3 redirects (each checked again),
 * and never an address of this machine or its private network (loopback, private, link-local, unique-local, CGNAT,
 * multicast, unspecified): the address the name resolves to is checked, and the connection is made to that address, so a
 * name cannot resolve to a public address for the check and a private one for the fetch. CATALOG_FETCH_ALLOW_LOOPBACK=1
 * allows loopback addresses (tests serve their images from 127.0.0.1).
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { PHOTO_MAX_BYTES } from './images.ts';

export const isImageUrl = (s: string) => /^https?:\/\//i.test(s);

const MAX_REDIRECTS = 3;

/** Why an address may not be fetched from, or null. */
export function blockedAddress(address: string, allowLoopback = process.env.CATALOG_FETCH_ALLOW_LOOPBACK === '1'): string | null {
  let ip = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) ip = mapped[1];
  if (net.isIPv4(ip)) {
    const [a, b] = ip.split('.').map(Number);
    if (a === 127) return allowLoopback ? null : 'a loopback address';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'a private address';
    if (a === 169 && b === 254) return 'a link-local address';
    if (a === 100 && b >= 64 && b <= 127) return 'a shared (CGNAT) address';
    if (a === 0 || a >= 224) return 'not a public address';
    return null;
  }
  if (net.isIPv6(ip)) {
    if (ip === '::1') return allowLoopback ? null : 'a loopback address';
    if (ip === '::') return 'not a public address';
    if (/^f[cd]/.test(ip)) return 'a private (unique-local) address';
    if (/^fe[89ab]/.test(ip)) return 'a link-local address';
    if (/^ff/.test(ip)) return 'not a public address';
    return null;
  }
  return 'not an IP address';
}

class FetchRefused extends Error {}

/** dns.lookup that answers only addresses that may be fetched from (the connection goes to the address answered). */
const checkedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return (callback as any)(err);
    const list = addresses as dns.LookupAddress[];
    for (const a of list) {
      const why = blockedAddress(a.address);
      if (why) return (callback as any)(new FetchRefused(`${hostname} is ${why} (${a.address})`));
    }
    if ((options as dns.LookupOptions).all) return (callback as any)(null, list);
    return (callback as any)(null, list[0].address, list[0].family);
  });
};

function get(url: URL, signal: AbortSignal): Promise<http.IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) {
    const why = blockedAddress(host);
    if (why) return Promise.reject(new FetchRefused(`${host} is ${why}`));
  }
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.get(url, { lookup: checkedLookup, signal, headers: { accept: 'image/*', 'user-agent': 'iStore catalogue import' } }, resolve);
    req.on('error', reject);
  });
}

/** The image at `url`'s bytes, or why it is refused (a sentence after the URL: "is a loopback address (127.0.0.1)"). */
export async function fetchImage(url: string, timeoutMs = Number(process.env.CATALOG_FETCH_TIMEOUT_MS ?? 20_000)): Promise<{ data: Buffer } | { refused: string }> {
  const signal = AbortSignal.timeout(timeoutMs);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { refused: 'is not a URL' };
  }
  try {
    for (let hop = 0; ; hop++) {
      if (target.protocol !== 'http:' && target.protocol !== 'https:') return { refused: `is not an http or https address (${target.protocol})` };
      const res = await get(target, signal);
      if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
        res.resume();
        if (hop >= MAX_REDIRECTS) return { refused: `redirects more than ${MAX_REDIRECTS} times` };
        target = new URL(res.headers.location, target);
        continue;
      }
      if (res.statusCode !== 200) {
        res.resume();
        return { refused: `answered HTTP ${res.statusCode}` };
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > PHOTO_MAX_BYTES) {
        res.destroy();
        return { refused: `is ${(declared / 1048576).toFixed(1)} MB, more than ${PHOTO_MAX_BYTES / 1048576} MB` };
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res) {
        size += (chunk as Buffer).length;
        if (size > PHOTO_MAX_BYTES) {
          res.destroy();
          return { refused: `is more than ${PHOTO_MAX_BYTES / 1048576} MB` };
        }
        chunks.push(chunk as Buffer);
      }
      return { data: Buffer.concat(chunks) };
    }
  } catch (e) {
    if (e instanceof FetchRefused) return { refused: `is not fetched: ${e.message}` };
    if (signal.aborted) return { refused: `did not arrive within ${timeoutMs / 1000} s` };
    return { refused: `could not be fetched: ${(e as Error).message}` };
  }
}
