/**
 * Draining before a stop (issue 37 item 6, docs/deploy.md "Upgrades and migrations"). On SIGTERM the process first
 * drains: `/ready` answers 503 so a load balancer with active checks takes it out, every answer says
 * `Connection: close` so a proxy's kept-alive connections to it end after their request instead of being cut under
 * the next one, and everything else is answered as usual. After the drain time it closes: no new connections (a
 * proxy's connect is refused and goes to another process), requests in flight are answered, idle connections closed.
 */
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts draining (idempotent): /ready 503 and `Connection: close` from now on. */
    startDraining(): void;
    /** True once startDraining was called. */
    draining(): boolean;
    /** Called just before app.close(): GET and HEAD get 503 from now on (a proxy passes them on to another process). */
    startClosing(): void;
  }
}

export const DRAINING_MESSAGE = 'Draining: this process is shutting down';

export function registerDrain(app: FastifyInstance, apiPrefix: string): void {
  let draining = false;
  let closing = false;
  const readyPath = `${apiPrefix}/ready`;
  app.decorate('startDraining', () => { draining = true; });
  app.decorate('draining', () => draining);
  app.decorate('startClosing', () => { draining = true; closing = true; });
  app.addHook('onRequest', async (req, reply) => {
    if (!draining) return;
    reply.header('Connection', 'close');
    if (req.url === readyPath || req.url.startsWith(`${readyPath}?`)) {
      return reply.code(503).header('Retry-After', '5').send(errorBody([DRAINING_MESSAGE]));
    }
    // Closing (no longer listening): a request on a connection accepted just before is still answered when it changes
    // something, as nginx does not pass a POST that was sent on to another process; a GET or HEAD gets 503, which nginx
    // does pass on (proxy_next_upstream http_503), as the page's first screen needs the app, which is closing.
    if (closing && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.code(503).header('Retry-After', '5').send(errorBody([DRAINING_MESSAGE]));
    }
  });
}

/**
 * How long a SIGTERM'd process drains before it closes: SHUTDOWN_DRAIN_MS, else 5 s in production (a load balancer
 * polling /ready every 2 s sees the 503 twice) and none in development (Ctrl-C stops at once).
 */
export function drainMs(env: NodeJS.ProcessEnv, production: boolean): number {
  const raw = env.SHUTDOWN_DRAIN_MS;
  if (raw === undefined || raw === '') return production ? 5_000 : 0;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0 || ms > 120_000) throw new Error(`SHUTDOWN_DRAIN_MS must be a whole number of milliseconds from 0 to 120000, got ${raw}`);
  return ms;
}
