/**
 * The shopper's order as WeChat's order-shipping service reaches it (client: src/api/orders.ts): the order a shipping
 * message opens by its payment number, and the confirm receipt of a WeChat mini-program payment (service.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParam, NoBody } from '../../../../contract/common.ts';
import { Order } from '../../../../contract/orders.ts';
import { PaymentNumberParam, WeChatReceipt } from '../../../../contract/wechatReceipt.ts';
import { requireUser } from '../../lib/session.ts';
import { shippingSettings } from '../../payments/wechatShipping.ts';
import { loadOwnOrder, orderView, parseOrderId } from '../../orders/service.ts';
import { checkReceipt, orderOfPayment, receiptOf } from './service.ts';

export default async function weChatReceiptRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  // The start checked the same settings (app.ts starts the shipping worker with them).
  const settings = () => shippingSettings(app.identityProvider.weChatMiniProgram, process.env);

  app.get('/admin/orderManagement/orderOfPayment/:merchantTradeNo', {
    schema: { params: PaymentNumberParam, response: { 200: Order } },
  }, async (req) => {
    const s = await requireUser(req);
    return orderView(db, await orderOfPayment(db, s, req.params.merchantTradeNo));
  });

  app.get('/admin/orderManagement/order/:id/weChatReceipt', { schema: { params: IdParam, response: { 200: WeChatReceipt } } }, async (req) => {
    const s = await requireUser(req);
    const order = await loadOwnOrder(db, s, parseOrderId(req.params.id));
    return receiptOf(db, settings(), order.id);
  });

  app.post('/admin/orderManagement/order/:id/weChatReceipt/check', {
    schema: { params: IdParam, body: NoBody, response: { 200: WeChatReceipt } },
  }, async (req) => {
    const s = await requireUser(req);
    const order = await loadOwnOrder(db, s, parseOrderId(req.params.id));
    return checkReceipt(db, settings(), order.id);
  });
}
