/**
 * HTTP hardening of every answer and request (security probe findings 10, 11, 12): security headers, a CSP the H5
 * app passes, HSTS behind TLS, `Cache-Control: no-store` on personal API answers, a canonical host, and text input
 * without NUL or lone surrogates (PostgreSQL refuses both, which surfaced as 500s).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, badRequest } from './errors.ts';

/** The storefront loads WeChat's JS-SDK from here inside the WeChat browser (src/platform/index.h5.ts). */
const WECHAT_JSSDK = 'https://res.wx.qq.com';
/** Alipay's web-view bridge (`https://appx/web-view.min.js`, served by the Alipay client itself), loaded only inside an Alipay mini-program's web-view. */
const ALIPAY_WEBVIEW_BRIDGE = 'https://appx';

/** Inline scripts that run: a data block (`type="application/json"`, lib/firstScreen.ts) is never executed, so needs no hash. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/json")[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]).filter((s) => s.length > 0);
const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * CSP of an HTML page: scripts only from this origin, WeChat's SDK, Alipay's web-view bridge and the page's own inline scripts (by hash, so
 * nothing injected runs); styles inline too (Taro's components set them at run time); images and media also from
 * https (the spec's image rule); never framed (clickjacking of checkout and the payment page).
 */
export function htmlCsp(html: string): string {
  const hashes = inlineScripts(html).map(sha256).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${WECHAT_JSSDK} ${ALIPAY_WEBVIEW_BRIDGE}${hashes ? ` ${hashes}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    // blob: the H5 client reads a chosen picture (an object URL from chooseImage) to upload it.
    "connect-src 'self' blob: https:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * API answers that are not pages (JSON, images, uploads) are never documents: no script, no framing. Not for the
 * app's static files: a CSP on sw.js would bind the service worker itself and block every fetch it makes.
 */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** The static index.html's CSP, recomputed when the build replaces the file. */
function indexCsp(indexFile: string): () => string {
  let cached: { mtimeMs: number; csp: string } | null = null;
  return () => {
    const stat = fs.statSync(indexFile, { throwIfNoEntry: false });
    if (!stat) return htmlCsp('');
    if (cached?.mtimeMs !== stat.mtimeMs) cached = { mtimeMs: stat.mtimeMs, csp: htmlCsp(fs.readFileSync(indexFile, 'utf8')) };
    return cached.csp;
  };
}

const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasBadText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return BAD_TEXT.test(value);
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  for (const [k, v] of Object.entries(value)) if (BAD_TEXT.test(k) || hasBadText(v, depth + 1)) return true;
  return false;
}

export interface HardeningOptions {
  apiPrefix: string;
  indexFile: string;
  /** Hosts this store answers for (from PUBLIC_ORIGIN); empty = any. */
  allowedHosts: string[];
  /**
   * Strict-Transport-Security: on every answer (true: production, whose TLS may end at a proxy), never (false:
   * PLAIN_HTTP=1), or on answers to requests that came over TLS ('auto'). Browsers ignore it over plain HTTP.
   */
  hsts: boolean | 'auto';
}

/** The liveness and readiness checks, answered whatever the Host (PUBLIC_ORIGIN's check does not apply to them). */
const OWN_ADDRESS_CHECKS = new Set(['/api/istore/client/health', '/api/istore/client/ready']);

export function registerHardening(app: FastifyInstance, opts: HardeningOptions) {
  const csp = indexCsp(opts.indexFile);
  // Redirect targets, payment return URLs and appDomain are built from the request's host: only ours.
  if (opts.allowedHosts.length) {
    app.addHook('onRequest', async (req: FastifyRequest) => {
      // A load balancer checks each process on its own address (issue 37 item 6): the checks build nothing from the host.
      if (OWN_ADDRESS_CHECKS.has(req.url.split('?')[0])) return;
      if (!opts.allowedHosts.includes(req.hostname.toLowerCase())) throw new ApiError(421, `This server does not answer for '${req.hostname}'`);
    });
  }
  app.addHook('preValidation', async (req) => {
    if (hasBadText(req.params) || hasBadText(req.query) || hasBadText(req.body)) {
      throw badRequest('Text must not contain NUL characters or unpaired surrogates');
    }
  });
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (opts.hsts === true || (opts.hsts === 'auto' && req.protocol === 'https')) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      reply.header('Content-Security-Policy', typeof payload === 'string' ? htmlCsp(payload) : csp());
    } else if (req.url.startsWith(opts.apiPrefix)) {
      reply.header('Content-Security-Policy', API_CSP);
    }
    if (req.url.startsWith(opts.apiPrefix) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
