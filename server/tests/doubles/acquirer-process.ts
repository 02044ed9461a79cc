/**
 * The IOTPay double as a process of its own, with WeChat's (wx.login codes → openid), for the mini-program runner
 * (tests/miniprogram/acquirer.test.mjs): a Canadian store whose mini-program pays through IOTPay (CHANNEL_PROVIDERS=
 * WECHAT_MINI_PROGRAM=iotpay). Prints one JSON line: the store's environment, the mini-program's app id and a control
 * endpoint: POST /login answers a wx.login code of WeChat's double; POST /pay { package, deliverTo } pays the IOTPay
 * order whose wx.requestPayment package that is and posts IOTPay's signed notify to deliverTo, as a shopper paying in
 * WeChat's sheet would cause.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { IotPayDouble } from './iotpay.ts';
import { WeChatDouble } from './wechat.ts';

const iotpay = await new IotPayDouble().start();
const secret = crypto.randomBytes(16).toString('hex');
const weChat = await new WeChatDouble([{ appId: iotpay.boundMiniProgramAppId, secret, unionBound: false }]).start();
const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'iotpay-process-'));
fs.writeFileSync(path.join(keyDir, 'key'), iotpay.merchantKey);

const control = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    if (req.method === 'POST' && req.url === '/login') {
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: weChat.issueCode(iotpay.boundMiniProgramAppId, 'mp-shopper') }));
    }
    const { package: pkg, deliverTo } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const order = [...iotpay.orders.values()].find((o) => o.package === pkg);
    if (req.method !== 'POST' || req.url !== '/pay' || !order) throw new Error(`no IOTPay order with package ${pkg}`);
    iotpay.pay(order.mchOrderNo);
    const sent = await fetch(`${deliverTo}/api/istore/notify/iotpay`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: iotpay.notifyBody(order.mchOrderNo),
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ mchOrderNo: order.mchOrderNo, openId: order.extra?.openId, notified: sent.status, answer: await sent.text() }));
  } catch (e: any) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end(String(e?.message ?? e));
  }
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
process.stdout.write(`${JSON.stringify({
  env: {
    IOTPAY_MERCHANT_ID: iotpay.merchantId, IOTPAY_LOGIN_NAME: iotpay.loginName, IOTPAY_MERCHANT_KEY_FILE: path.join(keyDir, 'key'), IOTPAY_BASE_URL: iotpay.baseUrl,
    WECHAT_MINI_PROGRAM_APPID: iotpay.boundMiniProgramAppId, WECHAT_MINI_PROGRAM_SECRET: secret, WECHAT_API_BASE_URL: weChat.baseUrl,
    PUBLIC_URL: 'https://shop.test', CHANNEL_PROVIDERS: 'WECHAT_MINI_PROGRAM=iotpay',
  },
  miniProgramAppId: iotpay.boundMiniProgramAppId,
  openId: weChat.openIdOf(iotpay.boundMiniProgramAppId, 'mp-shopper'),
  control: `http://127.0.0.1:${(control.address() as { port: number }).port}`,
})}\n`);
const stop = async () => {
  control.close();
  await iotpay.stop();
  await weChat.stop();
  fs.rmSync(keyDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
