/** Checkout: the session's cart is the order draft (client: src/api/checkout.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, obj, CartSchema, AnyObject } from '../lib/schemas.ts';
import { badRequest, notFound, unauthorized, notImplemented } from '../lib/errors.ts';
import { getSession, type Session } from '../lib/session.ts';
import type { Queryable } from '../db/index.ts';
import { cartView, findCart, getCoupon, storeCreditBalance, type CartRow } from '../services/cart.ts';
import { couponProblem, computeTotals } from '../services/pricing.ts';
import { getSetting, getSettings, type CheckoutRules } from '../services/settings.ts';
import { checkSlot, slotsFor } from '../services/slots.ts';
import { allLocations, isPickable } from '../services/locations.ts';
import { checkAddress, EMAIL_RE, PHONE_RE, type Address } from '../services/validate.ts';
import { checkoutProblems, holdLimits, orderView, parseOrderId, reserve, settle } from '../services/orders.ts';
import { onlineProviders } from './payments.ts';

const METHODS = ['PICKUP', 'DELIVERY', 'EAT_IN'] as const;
const resp = { 200: CartSchema };
const AddressBody = Type.Object({
  firstName: Type.String({ maxLength: 60 }), lastName: Type.String({ maxLength: 60 }), phone: Type.String({ maxLength: 30 }),
  streetNumberAndNameDetails: Type.String({ maxLength: 200 }), unit: Type.Optional(Type.String({ maxLength: 40 })),
  city: Type.String({ maxLength: 80 }), province: Type.String({ maxLength: 10 }), postCode: Type.String({ maxLength: 12 }),
  country: Type.String({ maxLength: 4 }), isDefault: Type.Optional(Type.Boolean()), id: Type.Optional(Type.String({ maxLength: 40 })),
});
export { AddressBody };

/** Finds a store by id or by its en/zh name. */
async function findStore(q: Queryable, nameOrId: string) {
  const all = await allLocations(q);
  const key = nameOrId.trim().toLowerCase();
  return all.find((l) => l.id.toLowerCase() === key || l.localStoreName.toLowerCase() === key || l.localStoreNameContent.zh === nameOrId.trim()) ?? null;
}

export default async function checkoutRoutes(app: FastifyInstance) {
  const db = app.db;
  const rules = () => getSetting<CheckoutRules>(db, 'checkout');

  /** Runs fn on the visitor's (existing, non-empty-session) cart inside a transaction; answers the Cart. */
  async function withCart(req: FastifyRequest, fn: (q: Queryable, cart: CartRow, s: Session) => Promise<void>) {
    const s = await getSession(req);
    return db.tx(async (q) => {
      const cart = await findCart(q, s, { lock: true });
      if (!cart || !s) throw badRequest('Your cart is empty');
      await fn(q, cart, s);
      await q.query('UPDATE carts SET updated_at = now() WHERE id = $1', [cart.id]);
      return cartView(q, (await findCart(q, s))!);
    });
  }

  app.get('/shoppingManagement4/checkoutConfig', { schema: { response: { 200: obj({ orderMethods: Type.Array(Type.String()), tipPercents: Type.Array(Type.Integer()), timeZone: Type.String() }) } } }, async () => {
    const r = await rules();
    return {
      ...r,
      pickup: { ...r.pickup, slots: slotsFor(r.pickup, r.timeZone) },
      delivery: { ...r.delivery, slots: slotsFor(r.delivery, r.timeZone) },
      currency: 'CAD',
    };
  });

  app.get('/shoppingManagement4/localDeliveryConfig', { schema: { response: { 200: AnyObject } } }, async () => {
    const r = await rules();
    return { ...r.delivery, timeZone: r.timeZone, slots: slotsFor(r.delivery, r.timeZone), currency: 'CAD' };
  });

  app.post('/common3/deliveryLocations', {
    schema: { body: Type.Optional(Type.Object({ country: Type.Optional(Type.String({ maxLength: 4 })), province: Type.Optional(Type.String({ maxLength: 10 })) })), response: { 200: obj({ locations: Type.Array(AnyObject) }) } },
  }, async (req) => {
    const b = (req.body ?? {}) as { country?: string; province?: string };
    const st = await getSettings(db, ['deliveryLocations']);
    const locations = (st.deliveryLocations ?? []).filter((l: any) =>
      (!b.country || l.country === b.country.toUpperCase()) && (!b.province || l.province === b.province.toUpperCase()));
    return { locations };
  });

  app.get('/shoppingManagement4/paymentConfig', { schema: { response: { 200: AnyObject } } }, async () => {
    const st = await getSettings(db, ['payment', 'checkout']);
    return {
      currency: 'CAD',
      methods: [
        { method: 'PAY_AT_STORE', enabled: true, orderMethods: st.checkout.payAtStoreMethods },
        { method: 'STORE_CREDIT', enabled: true, signedInOnly: true, note: 'settles an order whose total is 0 after store credit' },
      ],
      onlineProviders: onlineProviders(),
      ...st.payment,
    };
  });

  app.get('/shoppingManagement4/paymentoption/PayPal', async () => {
    throw notImplemented('PayPal payment');
  });

  app.post('/shoppingManagement4/updateOrderMethod', {
    schema: { body: Type.Object({ method: Type.String({ maxLength: 20 }) }), response: resp },
  }, async (req) => {
    const method = (req.body as { method: string }).method.toUpperCase();
    const r = await rules();
    if (!(METHODS as readonly string[]).includes(method) || !r.orderMethods.includes(method)) throw badRequest(`Unknown order method '${method}' (use ${r.orderMethods.join(', ')})`);
    return withCart(req, async (q, cart) => {
      await q.query('UPDATE carts SET order_method = $1 WHERE id = $2', [method, cart.id]);
    });
  });

  const DateTimeBody = Type.Object({ date: Type.String({ maxLength: 10 }), time: Type.String({ maxLength: 5 }) });
  app.post('/shoppingManagement4/orderPickupDateTime', { schema: { body: DateTimeBody, response: resp } }, async (req) => {
    const { date, time } = req.body as { date: string; time: string };
    const r = await rules();
    checkSlot(r.pickup, r.timeZone, date, time, 'Pickup');
    return withCart(req, async (q, cart) => {
      await q.query('UPDATE carts SET pickup_date = $1, pickup_time = $2 WHERE id = $3', [date, time, cart.id]);
    });
  });
  app.post('/shoppingManagement4/orderPickupDate', { schema: { body: Type.Object({ date: Type.String({ maxLength: 10 }) }), response: resp } }, async (req) => {
    const { date } = req.body as { date: string };
    const r = await rules();
    checkSlot(r.pickup, r.timeZone, date, null, 'Pickup');
    return withCart(req, async (q, cart) => {
      await q.query('UPDATE carts SET pickup_date = $1, pickup_time = NULL WHERE id = $2', [date, cart.id]);
    });
  });
  app.post('/shoppingManagement4/orderDeliveryDateTime', { schema: { body: DateTimeBody, response: resp } }, async (req) => {
    const { date, time } = req.body as { date: string; time: string };
    const r = await rules();
    checkSlot(r.delivery, r.timeZone, date, time, 'Delivery');
    return withCart(req, async (q, cart) => {
      await q.query('UPDATE carts SET delivery_date = $1, delivery_time = $2 WHERE id = $3', [date, time, cart.id]);
    });
  });

  app.post('/shoppingManagement4/orderContactInfo', {
    schema: {
      querystring: Type.Object({
        localStoreName: Type.Optional(Type.String({ maxLength: 100 })), methodName: Type.Optional(Type.String({ maxLength: 20 })),
        tableNumber: Type.Optional(Type.String({ maxLength: 20 })),
      }),
      body: Type.Object({
        firstName: Type.String({ minLength: 1, maxLength: 60 }), lastName: Type.String({ maxLength: 60 }),
        email: Type.String({ maxLength: 254 }), phone: Type.String({ maxLength: 30 }),
      }),
      response: resp,
    },
  }, async (req) => {
    const qs = req.query as { localStoreName?: string; methodName?: string; tableNumber?: string };
    const b = req.body as { firstName: string; lastName: string; email: string; phone: string };
    const r = await rules();
    const errors: string[] = [];
    if (!b.firstName.trim()) errors.push('First name is required');
    if (!EMAIL_RE.test(b.email.trim())) errors.push('E-mail address is not valid');
    if (!PHONE_RE.test(b.phone.trim())) errors.push('Phone number is not valid');
    const method = qs.methodName ? qs.methodName.toUpperCase() : null;
    if (method && !r.orderMethods.includes(method)) errors.push(`Unknown order method '${qs.methodName}'`);
    if (errors.length) throw badRequest(errors);
    return withCart(req, async (q, cart) => {
      const m = method ?? cart.order_method;
      let storeId: string | null = cart.local_store_id;
      if (qs.localStoreName) {
        const store = await findStore(q, qs.localStoreName);
        if (!store || !store.display) throw badRequest(`Store '${qs.localStoreName}' not found`);
        if ((m === 'PICKUP' || m === 'EAT_IN') && !isPickable(store)) throw badRequest(`Store '${qs.localStoreName}' does not take pickup or eat-in orders`);
        storeId = store.id;
      }
      if ((m === 'PICKUP' || m === 'EAT_IN') && !storeId) throw badRequest('localStoreName is required for pickup and eat-in');
      let table: string | null = null;
      if (m === 'EAT_IN') {
        table = (qs.tableNumber ?? '').trim();
        if (!table) throw badRequest('tableNumber is required for eat-in');
        if (!new RegExp(r.eatIn.tableNumberPattern).test(table)) throw badRequest(`Table number '${table}' is not valid`);
      }
      const contact = { firstName: b.firstName.trim(), lastName: b.lastName.trim(), email: b.email.trim(), phone: b.phone.trim() };
      await q.query('UPDATE carts SET contact = $1::jsonb, order_method = $2, local_store_id = $3, table_number = $4 WHERE id = $5',
        [JSON.stringify(contact), m, storeId, table, cart.id]);
    });
  });

  app.post('/shoppingManagement4/orderDeliverInfo', {
    schema: {
      querystring: Type.Object({ localStoreName: Type.Optional(Type.String({ maxLength: 100 })), saveToMyProfile: Type.Optional(Type.Boolean()) }),
      body: AddressBody,
      response: resp,
    },
  }, async (req) => {
    const qs = req.query as { localStoreName?: string; saveToMyProfile?: boolean };
    const r = await rules();
    const addr = await checkAddress(db, req.body as Address, 'Delivery address');
    if (!r.delivery.countries.includes(addr.country) || !r.delivery.provinces.includes(addr.province)) {
      throw badRequest(`We do not deliver to ${addr.province}, ${addr.country} (delivery: ${r.delivery.provinces.join(', ')})`);
    }
    return withCart(req, async (q, cart, s) => {
      let storeId = cart.local_store_id;
      if (qs.localStoreName) {
        const store = await findStore(q, qs.localStoreName);
        if (!store || !store.display) throw badRequest(`Store '${qs.localStoreName}' not found`);
        storeId = store.id;
      }
      await q.query(`UPDATE carts SET delivery = $1::jsonb, local_store_id = $2, order_method = 'DELIVERY' WHERE id = $3`, [JSON.stringify(addr), storeId, cart.id]);
      if (qs.saveToMyProfile) {
        if (!s.userId) throw unauthorized('Sign in to save the address to your profile');
        const { rows } = await q.query(`SELECT data FROM addresses WHERE user_id = $1 AND type = 'SHIPPING'`, [s.userId]);
        const same = rows.some((x: any) => x.data.streetNumberAndNameDetails === addr.streetNumberAndNameDetails && x.data.postCode === addr.postCode);
        // The address book holds at most 10 (as updateAddresses); beyond that the order still uses the address.
        if (!same && rows.length < 10) {
          await q.query(`INSERT INTO addresses (user_id, type, data, sort) VALUES ($1, 'SHIPPING', $2::jsonb, $3)`,
            [s.userId, JSON.stringify({ ...addr, id: `a${Date.now().toString(36)}` }), rows.length]);
        }
      }
    });
  });

  app.post('/shoppingManagement4/tips', {
    schema: { body: Type.Object({ percent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })), amount: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })) }), response: resp },
  }, async (req) => {
    const b = req.body as { percent?: number; amount?: number };
    if ((b.percent == null) === (b.amount == null)) throw badRequest('Send either percent or amount');
    const r = await rules();
    if (b.percent != null && !r.tipPercents.includes(b.percent)) throw badRequest(`Tip percent must be one of ${r.tipPercents.join(', ')}`);
    return withCart(req, async (q, cart) => {
      await q.query('UPDATE carts SET tip_percent = $1, tip_amount = $2 WHERE id = $3', [b.percent ?? null, b.amount ?? null, cart.id]);
    });
  });

  app.get('/shoppingManagement4/couponVerification/:code', {
    schema: { params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) }), response: resp },
  }, async (req) => {
    const code = (req.params as { code: string }).code.trim();
    return withCart(req, async (q, cart) => {
      const coupon = await getCoupon(q, code, cart.user_id);
      const view = await cartView(q, cart);
      const problem = couponProblem(coupon, view.subtotal);
      if (problem) throw badRequest(problem);
      await q.query('UPDATE carts SET coupon_code = $1 WHERE id = $2', [coupon!.code, cart.id]);
    });
  });

  app.post('/shoppingManagement4/removeCoupon', { schema: { response: resp } }, async (req) =>
    withCart(req, async (q, cart) => {
      await q.query('UPDATE carts SET coupon_code = NULL WHERE id = $1', [cart.id]);
    }));

  app.post('/shoppingManagement4/applyStoreCredit', {
    schema: { body: Type.Object({ amount: Type.Integer({ minimum: 0, maximum: 10_000_000 }) }), response: resp },
  }, async (req) => {
    const { amount } = req.body as { amount: number };
    const s = await getSession(req);
    if (!s?.userId) throw unauthorized('Sign in to use store credit');
    return withCart(req, async (q, cart, sess) => {
      const balance = await storeCreditBalance(q, sess.userId!);
      if (amount > balance) throw badRequest(`Store credit balance is only ${(balance / 100).toFixed(2)}`);
      const view = await cartView(q, { ...cart, store_credit: 0 });
      if (amount > view.total) throw badRequest(`Store credit cannot exceed the order total (${(view.total / 100).toFixed(2)})`);
      await q.query('UPDATE carts SET store_credit = $1 WHERE id = $2', [amount, cart.id]);
    });
  });

  app.post('/shoppingManagement4/applyStoreCreditDeposit', async () => {
    throw notImplemented('Store credit deposit (needs a payment provider)');
  });

  app.post('/shoppingManagement4/updateCustomerComment', {
    schema: { body: Type.Object({ comment: Type.String({ maxLength: 500 }) }), response: resp },
  }, async (req) => {
    const { comment } = req.body as { comment: string };
    return withCart(req, async (q, cart) => {
      await q.query('UPDATE carts SET customer_comment = $1 WHERE id = $2', [comment.trim(), cart.id]);
    });
  });

  app.get('/shoppingManagement4/billing/', {
    schema: { querystring: Type.Object({ pickUpAandPayAtStore: Type.Optional(Type.Boolean()) }), response: { 200: AnyObject } },
  }, async (req) => {
    const s = await getSession(req);
    const cart = await findCart(db, s);
    const view = await cartView(db, cart);
    const problems = await checkoutProblems(db, cart);
    const r = await rules();
    const payAtStoreAvailable = !!view.orderMethod && r.payAtStoreMethods.includes(view.orderMethod);
    const wantPayAtStore = !!(req.query as any).pickUpAandPayAtStore;
    return {
      orderMethod: view.orderMethod,
      currency: view.currency,
      itemCount: view.itemCount,
      lineItems: view.lineItems,
      subtotal: view.subtotal, discount: view.discount, tip: view.tip, tax: view.tax, shipping: view.shipping,
      storeCredit: view.storeCredit, total: view.total,
      taxRatePercent: r.taxRatePercent,
      coupon: view.coupon,
      payAtStore: wantPayAtStore && payAtStoreAvailable,
      payAtStoreAvailable,
      ready: problems.length === 0,
      problems,
      checkout: view.checkout,
    };
  });

  app.post('/shoppingManagement4/reserve', {
    schema: { response: { 200: obj({ orderID: Type.String(), total: Type.Integer(), currency: Type.String(), reused: Type.Boolean() }) } },
  }, async (req) => {
    const s = await getSession(req);
    if (!s) throw badRequest('Your cart is empty');
    return db.tx((q) => reserve(q, s, holdLimits(req)));
  });

  const SettleBody = Type.Object({ method: Type.String({ maxLength: 40 }) });
  async function settleRoute(req: FastifyRequest, id: string, method: string) {
    const orderId = parseOrderId(id);
    const s = await getSession(req);
    if (!s) throw notFound(`Order ${orderId} not found`);
    return db.tx(async (q) => orderView(q, await settle(q, s, orderId, method.toUpperCase())));
  }
  app.post('/shoppingManagement4/billing/:orderID', {
    schema: { params: Type.Object({ orderID: Type.String({ maxLength: 20 }) }), body: SettleBody, response: { 200: AnyObject } },
  }, async (req) => settleRoute(req, (req.params as any).orderID, (req.body as any).method));
  app.post('/shoppingManagement4/storeCreditPayment', {
    schema: { body: Type.Object({ orderID: Type.String({ maxLength: 20 }) }), response: { 200: AnyObject } },
  }, async (req) => settleRoute(req, (req.body as any).orderID, 'STORE_CREDIT'));

  void computeTotals;
}
