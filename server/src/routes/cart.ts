/** The cart (client: src/api/cart.ts). Every answer is the whole Cart. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AddToCartBody, Cart, RemoveLineBody, SetQuantityBody } from '../../../contract/cart.ts';
import { ensureSession, getSession } from '../lib/session.ts';
import { parseProductId } from '../services/catalog.ts';
import { addToCart, removeLine, setLineQuantity, visitorCartView } from '../services/cart.ts';

const resp = { 200: Cart };

export default async function cartRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.get('/shoppingManagement4/myCart', { schema: { response: resp } }, async (req) => visitorCartView(db, await getSession(req)));

  function add(body: AddToCartBody, req: FastifyRequest, reply: FastifyReply, addOn: boolean) {
    const request = { productId: parseProductId(body.productId), optionPair: body.optionPair, quantity: body.quantity, addOn };
    return addToCart(db, request, () => ensureSession(req, reply));
  }

  app.post('/shoppingManagement4/myCart', { schema: { body: AddToCartBody, response: resp } }, (req, reply) => add(req.body, req, reply, false));
  app.post('/shoppingManagement4/iCart', { schema: { body: AddToCartBody, response: resp } }, (req, reply) => add(req.body, req, reply, true));

  app.put('/shoppingManagement4/myCart', {
    schema: { body: SetQuantityBody, response: resp },
  }, async (req) => {
    const { itemKey, quantity } = req.body;
    return setLineQuantity(db, await getSession(req), itemKey, quantity);
  });

  app.post('/shoppingManagement4/myCart/delete', {
    schema: { body: RemoveLineBody, response: resp },
  }, async (req) => {
    const { itemKey } = req.body;
    return removeLine(db, await getSession(req), itemKey);
  });
}
