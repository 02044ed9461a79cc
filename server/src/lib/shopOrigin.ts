import type { FastifyRequest } from 'fastify';

/** The shop's address for links in mail: its PUBLIC_URL, else the origin the request came to. */
export const shopOrigin = (req: FastifyRequest): string => req.server.config.publicUrl ?? `${req.protocol}://${req.host}`;
