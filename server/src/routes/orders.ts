/** Orders of the signed-in shopper, and a guest's own orders of this session (client: src/api/orders.ts). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Count, IdParam, NoBody } from '../../../contract/common.ts';
import { CustomerOrders, Order, OrderCommentBody, OrderLookupBody, OrderPage, OrderStatus, OrdersQuery } from '../../../contract/orders.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { getSession, requireUser } from '../lib/session.ts';
import { lookupOrder } from '../orders/lookup.ts';
import { addComment, cancel, countVisibleOrders, loadOwnOrder, orderView, parseOrderId, visibleOrders } from '../orders/service.ts';


export default async function ordersRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.get('/admin/orderManagement/orders/list', {
    schema: { querystring: OrdersQuery, response: { 200: OrderPage } },
  }, async (req) => {
    const s = await requireUser(req);
    const { numberToLoad = 10, startingPosition = 0 } = req.query;
    const orders = await visibleOrders(db, s.userId, numberToLoad + 1, startingPosition);
    return { orders: orders.slice(0, numberToLoad), startingPosition, numberToLoad, hasMore: orders.length > numberToLoad };
  });

  app.get('/admin/orderManagement/orders/count', { schema: { response: { 200: Count } } }, async (req) => {
    const s = await requireUser(req);
    return { count: await countVisibleOrders(db, s.userId) };
  });

  app.get('/admin/orderManagement/order/:id', { schema: { params: IdParam, response: { 200: Order } } }, async (req) => {
    const s = await requireUser(req);
    return orderView(db, await loadOwnOrder(db, s, parseOrderId(req.params.id)));
  });

  app.put('/admin/orderManagement/cancelOrder/:id', { schema: { params: IdParam, body: NoBody, response: { 200: Order } } }, async (req) => {
    const s = await requireUser(req);
    const id = parseOrderId(req.params.id);
    return db.tx(async (q) => orderView(q, await cancel(q, s, id)));
  });

  app.put('/admin/orderManagement/addComment/:id', {
    schema: { params: IdParam, body: OrderCommentBody, response: { 200: Order } },
  }, async (req) => {
    const s = await requireUser(req);
    const id = parseOrderId(req.params.id);
    const comment = req.body.comment.trim();
    if (!comment) throw badRequest('Comment is empty');
    return db.tx(async (q) => orderView(q, await addComment(q, s, id, comment)));
  });

  app.get('/admin/orderManagement/customer/:id/orders', {
    schema: { params: IdParam, querystring: OrdersQuery, response: { 200: CustomerOrders } },
  }, async (req) => {
    const s = await requireUser(req);
    if (req.params.id !== String(s.userId)) throw notFound('Customer not found');
    const { numberToLoad = 10, startingPosition = 0 } = req.query;
    return { orders: await visibleOrders(db, s.userId, numberToLoad, startingPosition) };
  });

  // Session-bound access for guests (and signed-in shoppers): the confirmation page and status checks.
  app.get('/common3/orders/:id', { schema: { params: IdParam, response: { 200: Order } } }, async (req) => {
    const id = req.params.id;
    const s = await getSession(req);
    return orderView(db, await loadOwnOrder(db, s, parseOrderId(id)));
  });

  app.get('/common3/orderStatus/:id', {
    schema: { params: IdParam, response: { 200: OrderStatus } },
  }, async (req) => {
    const s = await getSession(req);
    const o = await loadOwnOrder(db, s, parseOrderId(req.params.id));
    return { orderID: String(o.id), status: o.status, paymentStatus: o.payment_status, qrCodeScan: false };
  });

  // Own call (CONTRACT.md "Order lookup"): a guest finds an order again by its number and the checkout e-mail or phone.
  app.post('/common3/orderLookup', {
    schema: { body: OrderLookupBody, response: { 200: Order } },
  }, async (req) => lookupOrder(db, req.ip, req.body));
}
