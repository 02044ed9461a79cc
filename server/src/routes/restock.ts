/** "E-mail me when it's back" on a sold-out product (client: src/api/restock.ts). Rules and the worker: services/restock.ts. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { RestockAlert, RestockAlertBody, RestockCancelBody, RestockCancelled } from '../../../contract/restock.ts';
import { ensureSession } from '../lib/session.ts';
import { cancelRestock, subscribeRestock } from '../services/restock.ts';
import { shopOrigin } from '../lib/shopOrigin.ts';

export default async function restockRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/common3/restockAlert', {
    schema: { body: RestockAlertBody, response: { 200: RestockAlert } },
  }, async (req, reply) => {
    // A guest's subscription is theirs by their session: the one that may cancel it.
    return subscribeRestock(app.db, { session: await ensureSession(req, reply), ip: req.ip, origin: shopOrigin(req) }, req.body);
  });

  app.post('/common3/restockAlert/cancel', {
    schema: { body: RestockCancelBody, response: { 200: RestockCancelled } },
  }, async (req) => {
    return cancelRestock(app.db, req.ip, req.body.cancelToken);
  });
}
