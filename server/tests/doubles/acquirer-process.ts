/**
 * An acquirer's double as a process of its own, with WeChat's (wx.login codes → openid), for the mini-program runner
 * (tests/miniprogram/acquirer.test.mjs): a Canadian store whose mini-program pays through IOTPay (argument `iotpay`, the
 * default: CHANNEL_PROVIDERS=WECHAT_MINI_PROGRAM=iotpay) or SnapPay (argument `snappay`: CHANNEL_PROVIDERS=
 * WECHAT_MINI_PROGRAM=snappay). Prints one JSON line: the store's environment, the mini-program's app id (the one the
 * acquirer bound to the merchant), the shopper's openid for it and a control endpoint: POST /login answers a wx.login
 * code of WeChat's double; POST /pay { package, deliverTo } pays the acquirer's order whose wx.requestPayment package
 * that is and posts the acquirer's signed notification to deliverTo, as a shopper paying in WeChat's sheet would cause.
 * The doubles are doubles/iotpay.ts and doubles/snappay.ts, each citing its pages.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { IotPayDouble } from './iotpay.ts';
import { SnapPayDouble } from './snappay.ts';
import { WeChatDouble } from './wechat.ts';

const acquirer = process.argv[2] ?? 'iotpay';
if (acquirer !== 'iotpay' && acquirer !== 'snappay') throw new Error(`acquirer-process: iotpay or snappay, not ${acquirer}`);
const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acquirer-process-'));

/** What the control endpoint needs of either acquirer: its environment, the bound app, paying an order by its package. */
interface Acquirer {
  env: Record<string, string>;
  appId: string;
  /** Pays the order whose wx.requestPayment package this is: its number, the openid it was for, the notification to post. */
  pay(pkg: string): { orderNo: string; openId?: string; notify: { path: string; contentType: string; body: string } } | null;
  stop(): Promise<unknown>;
}

async function iotPay(): Promise<Acquirer> {
  const iotpay = await new IotPayDouble().start();
  fs.writeFileSync(path.join(keyDir, 'key'), iotpay.merchantKey);
  return {
    env: { IOTPAY_MERCHANT_ID: iotpay.merchantId, IOTPAY_LOGIN_NAME: iotpay.loginName, IOTPAY_MERCHANT_KEY_FILE: path.join(keyDir, 'key'), IOTPAY_BASE_URL: iotpay.baseUrl },
    appId: iotpay.boundMiniProgramAppId,
    pay(pkg) {
      const order = [...iotpay.orders.values()].find((o) => o.package === pkg);
      if (!order) return null;
      iotpay.pay(order.mchOrderNo);
      return { orderNo: order.mchOrderNo, openId: order.extra?.openId, notify: { path: '/api/istore/notify/iotpay', contentType: 'application/x-www-form-urlencoded', body: iotpay.notifyBody(order.mchOrderNo) } };
    },
    stop: () => iotpay.stop(),
  };
}

async function snapPay(): Promise<Acquirer> {
  const snappay = await new SnapPayDouble().start();
  fs.writeFileSync(path.join(keyDir, 'key'), snappay.signKey);
  return {
    env: { SNAPPAY_APP_ID: snappay.appId, SNAPPAY_MERCHANT_NO: snappay.merchantNo, SNAPPAY_SIGN_KEY_FILE: path.join(keyDir, 'key'), SNAPPAY_GATEWAY_URL: snappay.baseUrl },
    appId: snappay.boundMiniProgramAppId,
    pay(pkg) {
      // pay.minipay answers package prepay_id=wx<trans_no> in its request_payment (doubles/snappay.ts).
      const order = [...snappay.orders.values()].find((o) => o.method === 'pay.minipay' && pkg === `prepay_id=wx${o.transNo}`);
      if (!order) return null;
      snappay.pay(order.outOrderNo);
      return { orderNo: order.outOrderNo, openId: order.payUserAccountId, notify: { path: '/api/istore/notify/snappay', contentType: 'application/json', body: snappay.notificationBody(order.outOrderNo) } };
    },
    stop: () => snappay.stop(),
  };
}

const double = acquirer === 'snappay' ? await snapPay() : await iotPay();
const secret = crypto.randomBytes(16).toString('hex');
const weChat = await new WeChatDouble([{ appId: double.appId, secret, unionBound: false }]).start();

const control = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    if (req.method === 'POST' && req.url === '/login') {
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: weChat.issueCode(double.appId, 'mp-shopper') }));
    }
    const { package: pkg, deliverTo } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const paid = req.method === 'POST' && req.url === '/pay' ? double.pay(pkg) : null;
    if (!paid) throw new Error(`no ${acquirer} order with package ${pkg}`);
    const sent = await fetch(`${deliverTo}${paid.notify.path}`, { method: 'POST', headers: { 'content-type': paid.notify.contentType }, body: paid.notify.body });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ orderNo: paid.orderNo, openId: paid.openId, notified: sent.status, answer: await sent.text() }));
  } catch (e: any) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end(String(e?.message ?? e));
  }
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
process.stdout.write(`${JSON.stringify({
  env: {
    ...double.env,
    WECHAT_MINI_PROGRAM_APPID: double.appId, WECHAT_MINI_PROGRAM_SECRET: secret, WECHAT_API_BASE_URL: weChat.baseUrl,
    PUBLIC_URL: 'https://shop.test', CHANNEL_PROVIDERS: `WECHAT_MINI_PROGRAM=${acquirer}`,
  },
  miniProgramAppId: double.appId,
  openId: weChat.openIdOf(double.appId, 'mp-shopper'),
  control: `http://127.0.0.1:${(control.address() as { port: number }).port}`,
})}\n`);
const stop = async () => {
  control.close();
  await double.stop();
  await weChat.stop();
  fs.rmSync(keyDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
