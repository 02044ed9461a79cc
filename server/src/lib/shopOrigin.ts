import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The shop's address for links in mail: its PUBLIC_URL (required in production), else the address this server
 * listens on (development). Never the request's Host or X-Forwarded-Host: whoever sends the request would choose where
 * a reset link, with its token, points (security probe L2).
 */
export const shopOrigin = (req: FastifyRequest): string => req.server.config.publicUrl ?? listeningOrigin(req.server);

function listeningOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address !== 'object') return `http://localhost:${app.config.port}`;
  const host = address.address === '0.0.0.0' || address.address === '::' ? 'localhost'
    : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
