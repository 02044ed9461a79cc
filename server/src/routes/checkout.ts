/** Checkout: the session's cart is the order draft (client: src/api/checkout.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { NoBody } from '../../../contract/common.ts';
import { Address } from '../../../contract/account.ts';
import { Cart } from '../../../contract/cart.ts';
import {
  Billing, BillingQuery, CheckoutConfig, ContactInfoQuery, CouponParams, CustomerCommentBody, DateBody, DateTimeBody,
  DeliverInfoQuery, DeliveryLocations, DeliveryLocationsBody, DeliveryLocationsQuery, LocalDeliveryConfig, OrderMethodBody, PaymentConfig,
  Reservation, SettleBody, SettleParams, StoreCreditBody, StoreCreditPaymentBody, TipsBody,
} from '../../../contract/checkout.ts';
import { Contact, Order } from '../../../contract/orders.ts';
import type { OrderMethod } from '../../../contract/constants.ts';
import { badRequest, notFound, unauthorized } from '../lib/errors.ts';
import { getSession, visitorLocale, type Session } from '../lib/session.ts';
import type { Queryable } from '../db/index.ts';
import { cartView, findCart, getCoupon, type CartRow } from '../services/cart.ts';
import { storeCreditBalance } from '../services/storeCredit.ts';
import { changeDraft, findStore, setDraft } from '../services/checkoutDraft.ts';
import { rememberShippingAddress } from '../services/addresses.ts';
import { couponProblem } from '../services/pricing.ts';
import { getSetting, getSettings, type CheckoutRules } from '../services/settings.ts';
import { checkSlot, slotsFor } from '../services/slots.ts';
import { isPickable } from '../services/locations.ts';
import { cityName, deliveryAreas, deliversToProvince, matchDeliveryCity, provinceCities } from '../services/deliveryAreas.ts';
import { checkAddress, EMAIL_RE, PHONE_RE } from '../services/validate.ts';
import { checkoutProblems, holdLimits, orderView, parseOrderId, reserve, settle } from '../orders/service.ts';
import { onlineProviders } from '../payments/channels.ts';
import { checkedCurrency, storeCurrency } from '../services/storeCurrency.ts';
import { orderLog } from '../orders/orderLog.ts';

const METHODS = ['PICKUP', 'DELIVERY', 'EAT_IN'] as const;
const resp = { 200: Cart };


export default async function checkoutRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const rules = () => getSetting<CheckoutRules>(db, 'checkout');

  /** Runs fn on the visitor's (existing, non-empty-session) cart inside a transaction; answers the Cart. */
  async function withCart(req: FastifyRequest, fn: (q: Queryable, cart: CartRow, s: Session) => Promise<void>) {
    return changeDraft(db, await getSession(req), fn);
  }

  app.get('/shoppingManagement4/checkoutConfig', { schema: { response: { 200: CheckoutConfig } } }, async () => {
    const r = await rules();
    return {
      ...r,
      pickup: { ...r.pickup, slots: slotsFor(r.pickup, r.timeZone) },
      delivery: { ...r.delivery, slots: slotsFor(r.delivery, r.timeZone) },
      currency: await storeCurrency(db),
    };
  });

  app.get('/shoppingManagement4/localDeliveryConfig', { schema: { response: { 200: LocalDeliveryConfig } } }, async () => {
    const r = await rules();
    return { ...r.delivery, timeZone: r.timeZone, slots: slotsFor(r.delivery, r.timeZone), currency: await storeCurrency(db) };
  });

  app.post('/common3/deliveryLocations', {
    schema: { querystring: DeliveryLocationsQuery, body: DeliveryLocationsBody, response: { 200: DeliveryLocations } },
  }, async (req) => {
    const b = req.body ?? {};
    const locale = req.query.locale ?? (await visitorLocale(req));
    return { locations: await deliveryAreas(db, locale, { country: b.country, province: b.province }) };
  });

  app.get('/shoppingManagement4/paymentConfig', { schema: { response: { 200: PaymentConfig } } }, async () => {
    const st = await getSettings(db, ['payment', 'checkout']);
    return {
      currency: checkedCurrency(st.payment?.defaultCurrency?.currencyType),
      methods: [
        { method: 'PAY_AT_STORE', enabled: true, orderMethods: st.checkout.payAtStoreMethods },
        { method: 'STORE_CREDIT', enabled: true, signedInOnly: true, note: 'settles an order whose total is 0 after store credit' },
      ],
      onlineProviders: onlineProviders(app.paymentProvider),
      ...st.payment,
    };
  });

  app.post('/shoppingManagement4/updateOrderMethod', {
    schema: { body: OrderMethodBody, response: resp },
  }, async (req) => {
    const method = req.body.method.toUpperCase();
    const r = await rules();
    if (!(METHODS as readonly string[]).includes(method) || !(r.orderMethods as readonly string[]).includes(method)) throw badRequest(`Unknown order method '${method}' (use ${r.orderMethods.join(', ')})`);
    return withCart(req, async (q, cart) => {
      await setDraft(q, cart.id, { order_method: method as OrderMethod });
    });
  });

  app.post('/shoppingManagement4/orderPickupDateTime', { schema: { body: DateTimeBody, response: resp } }, async (req) => {
    const { date, time } = req.body;
    const r = await rules();
    checkSlot(r.pickup, r.timeZone, date, time, 'Pickup');
    return withCart(req, async (q, cart) => {
      await setDraft(q, cart.id, { pickup_date: date, pickup_time: time });
    });
  });
  app.post('/shoppingManagement4/orderPickupDate', { schema: { body: DateBody, response: resp } }, async (req) => {
    const { date } = req.body;
    const r = await rules();
    checkSlot(r.pickup, r.timeZone, date, null, 'Pickup');
    return withCart(req, async (q, cart) => {
      await setDraft(q, cart.id, { pickup_date: date, pickup_time: null });
    });
  });
  app.post('/shoppingManagement4/orderDeliveryDateTime', { schema: { body: DateTimeBody, response: resp } }, async (req) => {
    const { date, time } = req.body;
    const r = await rules();
    checkSlot(r.delivery, r.timeZone, date, time, 'Delivery');
    return withCart(req, async (q, cart) => {
      await setDraft(q, cart.id, { delivery_date: date, delivery_time: time });
    });
  });

  app.post('/shoppingManagement4/orderContactInfo', {
    schema: {
      querystring: ContactInfoQuery,
      body: Contact,
      response: resp,
    },
  }, async (req) => {
    const qs = req.query;
    const b = req.body;
    const r = await rules();
    const errors: string[] = [];
    if (!b.firstName.trim()) errors.push('First name is required');
    if (!EMAIL_RE.test(b.email.trim())) errors.push('E-mail address is not valid');
    if (!PHONE_RE.test(b.phone.trim())) errors.push('Phone number is not valid');
    const method = qs.methodName ? qs.methodName.toUpperCase() : null;
    if (method && !(r.orderMethods as readonly string[]).includes(method)) errors.push(`Unknown order method '${qs.methodName}'`);
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
      await setDraft(q, cart.id, { contact, order_method: m as OrderMethod | null, local_store_id: storeId, table_number: table });
    });
  });

  app.post('/shoppingManagement4/orderDeliverInfo', {
    schema: {
      querystring: DeliverInfoQuery,
      body: Address,
      response: resp,
    },
  }, async (req) => {
    const qs = req.query;
    const r = await rules();
    const addr = await checkAddress(db, req.body, 'Delivery address');
    if (!deliversToProvince(r.delivery, addr.country, addr.province)) {
      throw badRequest(`We do not deliver to ${addr.province}, ${addr.country} (delivery: ${r.delivery.provinces.join(', ')})`);
    }
    // A province with listed cities takes only those, named in English or Chinese; the order keeps the area's spelling
    // of the name the shopper used (多伦多 stays 多伦多, ' toronto' becomes Toronto).
    const cities = await provinceCities(db, addr.country, addr.province);
    if (cities.length) {
      const city = matchDeliveryCity(cities, addr.city);
      if (!city) {
        const locale = await visitorLocale(req);
        throw badRequest(`We do not deliver to ${addr.city} (${addr.province}: ${cities.map((c) => cityName(c, locale)).join(', ')})`);
      }
      addr.city = city;
    }
    return withCart(req, async (q, cart, s) => {
      let storeId = cart.local_store_id;
      if (qs.localStoreName) {
        const store = await findStore(q, qs.localStoreName);
        if (!store || !store.display) throw badRequest(`Store '${qs.localStoreName}' not found`);
        storeId = store.id;
      }
      await setDraft(q, cart.id, { delivery: addr, local_store_id: storeId, order_method: 'DELIVERY' });
      if (qs.saveToMyProfile) {
        if (!s.userId) throw unauthorized('Sign in to save the address to your profile');
        await rememberShippingAddress(q, s.userId, addr);
      }
    });
  });

  app.post('/shoppingManagement4/tips', {
    schema: { body: TipsBody, response: resp },
  }, async (req) => {
    const b = req.body;
    if ((b.percent == null) === (b.amount == null)) throw badRequest('Send either percent or amount');
    const r = await rules();
    if (b.percent != null && !r.tipPercents.includes(b.percent)) throw badRequest(`Tip percent must be one of ${r.tipPercents.join(', ')}`);
    return withCart(req, async (q, cart) => {
      await setDraft(q, cart.id, { tip_percent: b.percent ?? null, tip_amount: b.amount ?? null });
    });
  });

  app.get('/shoppingManagement4/couponVerification/:code', {
    schema: { params: CouponParams, response: resp },
  }, async (req) => {
    const code = req.params.code.trim();
    return withCart(req, async (q, cart) => {
      const coupon = await getCoupon(q, code, cart.user_id);
      const view = await cartView(q, cart);
      const problem = couponProblem(coupon, view.subtotal);
      if (problem) throw badRequest(problem);
      await setDraft(q, cart.id, { coupon_code: coupon!.code });
    });
  });

  app.post('/shoppingManagement4/removeCoupon', { schema: { body: NoBody, response: resp } }, async (req) =>
    withCart(req, async (q, cart) => {
      await setDraft(q, cart.id, { coupon_code: null });
    }));

  app.post('/shoppingManagement4/applyStoreCredit', {
    schema: { body: StoreCreditBody, response: resp },
  }, async (req) => {
    const { amount } = req.body;
    const s = await getSession(req);
    if (!s?.userId) throw unauthorized('Sign in to use store credit');
    return withCart(req, async (q, cart, sess) => {
      const balance = await storeCreditBalance(q, sess.userId!);
      if (amount > balance) throw badRequest(`Store credit balance is only ${(balance / 100).toFixed(2)}`);
      const view = await cartView(q, { ...cart, store_credit: 0 });
      if (amount > view.total) throw badRequest(`Store credit cannot exceed the order total (${(view.total / 100).toFixed(2)})`);
      await setDraft(q, cart.id, { store_credit: amount });
    });
  });

  app.post('/shoppingManagement4/updateCustomerComment', {
    schema: { body: CustomerCommentBody, response: resp },
  }, async (req) => {
    const { comment } = req.body;
    return withCart(req, async (q, cart) => {
      await setDraft(q, cart.id, { customer_comment: comment.trim() });
    });
  });

  app.get('/shoppingManagement4/billing/', {
    schema: { querystring: BillingQuery, response: { 200: Billing } },
  }, async (req) => {
    const s = await getSession(req);
    const cart = await findCart(db, s);
    const view = await cartView(db, cart);
    const problems = await checkoutProblems(db, cart);
    const r = await rules();
    const payAtStoreAvailable = !!view.orderMethod && r.payAtStoreMethods.includes(view.orderMethod);
    const wantPayAtStore = !!req.query.pickUpAandPayAtStore;
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
    schema: { body: NoBody, response: { 200: Reservation } },
  }, async (req) => {
    const s = await getSession(req);
    if (!s) throw badRequest('Your cart is empty');
    const reservation = await db.tx((q) => reserve(q, s, holdLimits(req)));
    orderLog(req.log, { orderId: reservation.orderID }).info({ total: reservation.total }, 'order placed: stock held, waiting for payment');
    return reservation;
  });

  async function settleRoute(req: FastifyRequest, id: string, method: string) {
    const orderId = parseOrderId(id);
    const s = await getSession(req);
    if (!s) throw notFound(`Order ${orderId} not found`);
    const order = await db.tx(async (q) => orderView(q, await settle(q, s, orderId, method.toUpperCase())));
    orderLog(req.log, { orderId }).info({ method: method.toUpperCase(), status: order.status, paymentStatus: order.paymentStatus }, 'order settled without an online payment');
    return order;
  }
  app.post('/shoppingManagement4/billing/:orderID', {
    schema: { params: SettleParams, body: SettleBody, response: { 200: Order } },
  }, async (req) => settleRoute(req, req.params.orderID, req.body.method));
  app.post('/shoppingManagement4/storeCreditPayment', {
    schema: { body: StoreCreditPaymentBody, response: { 200: Order } },
  }, async (req) => settleRoute(req, req.body.orderID, 'STORE_CREDIT'));

}
