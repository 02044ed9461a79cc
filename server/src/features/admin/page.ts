/**
 * The back office's web app at /admin (built by `npm run build:admin` into dist/admin, config ADMIN_DIR): its files,
 * and index.html for every other /admin path (the app routes in the browser). Its own strict CSP: scripts only from
 * this origin (no inline script at all), styles from this origin and those the app inserts with the page's nonce
 * (Ant Design's CSS-in-JS reads it from <meta name="csp-nonce">), nothing framed, nothing posted elsewhere. Never cached
 * but its hashed files. 421 on any origin but ADMIN_ORIGIN when it is set.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/errors.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.json': 'application/json', '.map': 'application/json', '.txt': 'text/plain; charset=utf-8',
};
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** The 421 for a request to the back office on another origin than ADMIN_ORIGIN, or null. */
export function wrongOrigin(app: FastifyInstance, req: FastifyRequest): ApiError | null {
  const want = app.config.adminOrigin;
  if (!want) return null;
  const url = new URL(want);
  const proto = url.protocol.replace(':', '');
  if (req.host.toLowerCase() === url.host.toLowerCase() && (app.config.trustProxy === false || req.protocol === proto)) return null;
  return new ApiError(421, `The back office answers only at ${want}`);
}

export function adminCsp(nonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

export function registerAdminPage(app: FastifyInstance) {
  const dir = app.config.adminDir;
  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    const bad = wrongOrigin(app, req);
    if (bad) throw bad;
    const rest = (req.params as { '*'?: string })['*'] ?? '';
    if (rest && path.extname(rest)) {
      const file = path.resolve(dir, rest);
      if (!file.startsWith(dir + path.sep)) return reply.status(404).type('text/plain').send('Not found');
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat?.isFile()) return reply.status(404).type('text/plain').send('Not found');
      reply.header('Cache-Control', /-[A-Z0-9]{8,}\./i.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache');
      reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
      return reply.type(TYPES[path.extname(file)] ?? 'application/octet-stream').send(fs.readFileSync(file));
    }
    const index = path.join(dir, 'index.html');
    if (!fs.existsSync(index)) {
      return reply.status(404).type('text/plain').send(`The back office is not built (looked for ${index}). Run npm run build:admin.`);
    }
    const nonce = crypto.randomBytes(16).toString('base64');
    const html = fs.readFileSync(index, 'utf8').replaceAll(NONCE_PLACEHOLDER, nonce);
    reply.header('Cache-Control', 'no-store');
    // Set again in onSend below: the storefront's CSP (lib/hardening.ts) is written for every HTML answer first.
    (reply.request as any).adminCsp = adminCsp(nonce);
    return reply.type('text/html; charset=utf-8').send(html);
  };
  app.register(async (scope) => {
    scope.addHook('onSend', async (req, reply, payload) => {
      const csp = (req as any).adminCsp as string | undefined;
      if (csp) reply.header('Content-Security-Policy', csp);
      reply.header('X-Robots-Tag', 'noindex');
      return payload;
    });
    scope.get('/admin', page);
    scope.get('/admin/*', page);
  });
}
