/** The cart (client: src/api/cart.ts). Every answer is the whole Cart. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AddToCartBody, Cart, RemoveLineBody, SetQuantityBody } from '../../../contract/cart.ts';
import { badRequest, unauthorized } from '../lib/errors.ts';
import { ensureSession, getSession } from '../lib/session.ts';
import { normalizeOptionPair } from '../lib/options.ts';
import { getProduct, parseProductId } from '../services/catalog.ts';
import { addToCart, cartView, findCart, removeLine, setLineQuantity } from '../services/cart.ts';

const resp = { 200: Cart };

export default async function cartRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.get('/shoppingManagement4/myCart', { schema: { response: resp } }, async (req) => {
    const s = await getSession(req);
    return cartView(db, await findCart(db, s));
  });

  async function add(req: any, reply: any, addOn: boolean) {
    const body = req.body as { productId: string | number; quantity: number; optionPair?: string };
    const productId = parseProductId(body.productId);
    const product = await getProduct(db, productId);
    if (addOn && !product.tags.includes('addon')) throw badRequest(`${product.name} is not an add-on product`);
    const pair = normalizeOptionPair(body.optionPair, product.options as any);
    const s = await ensureSession(req, reply);
    if (product.membershipPlan && !s.userId) throw unauthorized('Sign in to buy a membership');
    return db.tx(async (q) => {
      const cart = (await findCart(q, s, { create: true, lock: true }))!;
      await addToCart(q, cart.id, productId, pair, body.quantity, addOn);
      return cartView(q, (await findCart(q, s))!);
    });
  }

  app.post('/shoppingManagement4/myCart', { schema: { body: AddToCartBody, response: resp } }, (req, reply) => add(req, reply, false));
  app.post('/shoppingManagement4/iCart', { schema: { body: AddToCartBody, response: resp } }, (req, reply) => add(req, reply, true));

  app.put('/shoppingManagement4/myCart', {
    schema: { body: SetQuantityBody, response: resp },
  }, async (req) => {
    const { itemKey, quantity } = req.body as { itemKey: string; quantity: number };
    return setLineQuantity(db, await getSession(req), itemKey, quantity);
  });

  app.post('/shoppingManagement4/myCart/delete', {
    schema: { body: RemoveLineBody, response: resp },
  }, async (req) => {
    const { itemKey } = req.body as { itemKey: string };
    return removeLine(db, await getSession(req), itemKey);
  });
}
