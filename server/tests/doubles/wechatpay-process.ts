/**
 * The WeChat Pay double as a process of its own, for tests that are not TypeScript (the mini-program runner,
 * tests/miniprogram/wechatpay.test.mjs). Prints one JSON line: the store's environment for the double, the merchant's
 * public key (to check paySign) and the address of a control endpoint: POST /login answers a wx.login code of WeChat's
 * own double (tests/doubles/wechat.ts); POST /pay { prepayId, deliverTo } pays that order at the WeChat Pay double and
 * sends its signed notification to deliverTo, as a shopper paying in WeChat's sheet would cause.
 */
import http from 'node:http';
import { WeChatDouble } from './wechat.ts';
import { WeChatPayDouble } from './wechatpay.ts';

const double = await new WeChatPayDouble('global').start();
// WeChat itself (wx.login codes → openid): the identity provider's double, with the same apps.
const weChat = await new WeChatDouble([
  { appId: double.miniProgramAppId, secret: double.miniProgramSecret, unionBound: false },
  { appId: double.officialAccountAppId, secret: double.officialAccountSecret, unionBound: false },
]).start();
const control = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    if (req.method === 'POST' && req.url === '/login') {
      // What wx.login hands the device: a code WeChat's double exchanges once for the shopper's openid.
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: weChat.issueCode(double.miniProgramAppId, 'mp-shopper') }));
    }
    const { prepayId, deliverTo } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const order = [...double.orders.values()].find((o) => o.prepayId === prepayId);
    if (req.method !== 'POST' || req.url !== '/pay' || !order) throw new Error(`no order with prepay id ${prepayId}`);
    double.pay(order.outTradeNo);
    double.deliverTo = deliverTo;
    const sent = await double.send(double.paymentNotification(order.outTradeNo), order.notifyUrl);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ outTradeNo: order.outTradeNo, notified: sent.status }));
  } catch (e: any) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end(String(e?.message ?? e));
  }
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
process.stdout.write(`${JSON.stringify({
  env: double.env(weChat.baseUrl),
  miniProgramAppId: double.miniProgramAppId,
  merchantPublicKey: double.merchant.publicPem,
  control: `http://127.0.0.1:${(control.address() as { port: number }).port}`,
})}\n`);
const stop = async () => {
  control.close();
  await double.stop();
  await weChat.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
