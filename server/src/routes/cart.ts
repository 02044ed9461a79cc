/** The cart (client: src/api/cart.ts). Every answer is the whole Cart. */
import type { FastifyInstance } from 'fastify';
import { Type, CartSchema } from '../lib/schemas.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { ensureSession, getSession } from '../lib/session.ts';
import { normalizeOptionPair } from '../lib/options.ts';
import { getProduct, parseProductId } from '../services/catalog.ts';
import { addToCart, cartView, findCart, touch } from '../services/cart.ts';

const Qty = Type.Integer({ minimum: 1, maximum: 999 });
const AddBody = Type.Object({
  productId: Type.Union([Type.String({ maxLength: 20 }), Type.Integer()]),
  quantity: Qty,
  optionPair: Type.Optional(Type.String({ maxLength: 200 })),
});
const resp = { 200: CartSchema };

export default async function cartRoutes(app: FastifyInstance) {
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
    return db.tx(async (q) => {
      const cart = (await findCart(q, s, { create: true, lock: true }))!;
      await addToCart(q, cart.id, productId, pair, body.quantity, addOn);
      return cartView(q, (await findCart(q, s))!);
    });
  }

  app.post('/shoppingManagement4/myCart', { schema: { body: AddBody, response: resp } }, (req, reply) => add(req, reply, false));
  app.post('/shoppingManagement4/iCart', { schema: { body: AddBody, response: resp } }, (req, reply) => add(req, reply, true));

  app.put('/shoppingManagement4/myCart', {
    schema: { body: Type.Object({ itemKey: Type.String({ minLength: 1, maxLength: 250 }), quantity: Type.Integer({ minimum: 0, maximum: 999 }) }), response: resp },
  }, async (req) => {
    const { itemKey, quantity } = req.body as { itemKey: string; quantity: number };
    const s = await getSession(req);
    return db.tx(async (q) => {
      const cart = await findCart(q, s, { lock: true });
      const line = cart && (await q.query('SELECT product_id, option_pair FROM cart_lines WHERE cart_id = $1 AND item_key = $2', [cart.id, itemKey])).rows[0];
      if (!cart || !line) throw notFound(`No cart item '${itemKey}'`);
      if (quantity === 0) {
        await q.query('DELETE FROM cart_lines WHERE cart_id = $1 AND item_key = $2', [cart.id, itemKey]);
      } else {
        const { rows } = await q.query('SELECT stock FROM variants WHERE product_id = $1 AND option_pair = $2', [line.product_id, line.option_pair]);
        const available = rows[0]?.stock ?? 0;
        if (quantity > available) throw conflict(`Only ${available} left in stock`);
        await q.query('UPDATE cart_lines SET quantity = $3 WHERE cart_id = $1 AND item_key = $2', [cart.id, itemKey, quantity]);
      }
      await touch(q, cart.id);
      return cartView(q, (await findCart(q, s))!);
    });
  });

  app.post('/shoppingManagement4/myCart/delete', {
    schema: { body: Type.Object({ itemKey: Type.String({ minLength: 1, maxLength: 250 }) }), response: resp },
  }, async (req) => {
    const { itemKey } = req.body as { itemKey: string };
    const s = await getSession(req);
    return db.tx(async (q) => {
      const cart = await findCart(q, s, { lock: true });
      const del = cart ? await q.query('DELETE FROM cart_lines WHERE cart_id = $1 AND item_key = $2 RETURNING item_key', [cart.id, itemKey]) : null;
      if (!cart || !del?.rows.length) throw notFound(`No cart item '${itemKey}'`);
      await touch(q, cart.id);
      return cartView(q, (await findCart(q, s))!);
    });
  });
}
