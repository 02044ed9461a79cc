/**
 * The Alipay gateway double as a process of its own, for tests that are not TypeScript (the mini-program runner,
 * tests/miniprogram/alipay.test.mjs). Prints one JSON line: the store's environment for the double and the address of a
 * control endpoint: POST /authCode answers a my.getAuthCode code (a 2088… user id); POST /pay { tradeNo, deliverTo }
 * pays that trade at the double and posts its signed notification to deliverTo, as a buyer paying in the cashier
 * would cause; GET /trades lists the trades made (out_trade_no, trade_no, method, status).
 */
import http from 'node:http';
import { AlipayDouble } from './alipay.ts';

const double = await new AlipayDouble('global').start();
const BUYER = '2088000000000525';
const control = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  try {
    if (req.method === 'POST' && req.url === '/authCode') return json({ code: double.authCode({ user_id: BUYER }), buyerId: BUYER });
    if (req.method === 'GET' && req.url === '/trades') {
      return json([...double.trades.values()].map((t) => ({ outTradeNo: t.outTradeNo, tradeNo: t.tradeNo, method: t.method, status: t.status, buyerId: t.biz.buyer_id })));
    }
    const { tradeNo, deliverTo } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const trade = [...double.trades.values()].find((t) => t.tradeNo === tradeNo);
    if (req.method !== 'POST' || req.url !== '/pay' || !trade) throw new Error(`no trade ${tradeNo}`);
    double.pay(trade.outTradeNo);
    double.deliverTo = deliverTo;
    const sent = await double.send(double.notification(trade.outTradeNo));
    return json({ outTradeNo: trade.outTradeNo, notified: sent.body });
  } catch (e: any) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end(String(e?.message ?? e));
  }
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
process.stdout.write(`${JSON.stringify({ env: double.env(), control: `http://127.0.0.1:${(control.address() as { port: number }).port}` })}\n`);
const stop = async () => {
  control.close();
  await double.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
