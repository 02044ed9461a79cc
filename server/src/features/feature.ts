/**
 * What a server feature is to the rest of the server: ONE object per feature (features/<area>/index.ts), put in the one
 * list (features/index.ts) that the composition root (composition.ts), app.ts, the seed and the operator CLIs read.
 * The core never imports a feature; it asks through the registries these parts fill (services/extensions.ts, the
 * order lifecycle's subscribers).
 */
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../db/index.ts';
import type { OrderSubscriber } from '../orders/lifecycle.ts';
import type { AccountHooks, OrderHooks, PricingHooks } from '../services/extensions.ts';
import type { ShopFile } from '../shop/schema.ts';

/**
 * Demo data of a feature (seed/index.ts): run once per database under its settings key, in the list's order; parts of
 * several features under one key run as one step (a key that predates a split).
 */
export interface SeedPart {
  key: string;
  run(q: Queryable, demoShop: () => ShopFile): Promise<unknown>;
}

export interface ServerFeature {
  name: string;
  /** Its routes, registered by app.ts under the shopper API's prefix ('api') or as they are ('root': the back office). */
  routes?: { plugin: (app: FastifyInstance) => Promise<void>; under: 'api' | 'root' };
  seed?: readonly SeedPart[];
  /** Its part in an order's life, told after the core's and payments' (composition.ts ORDER_SUBSCRIBERS). */
  orderSubscriber?: OrderSubscriber;
  /** Sign-up, e-mail confirmation and the session's fields. */
  accounts?: AccountHooks;
  /** Who pays the member price (at most one feature). */
  pricing?: PricingHooks;
  /** What it adds to an order's view and what it refuses an order. */
  orders?: OrderHooks;
  /** Run every minute after the reservation and retention sweeps (app.ts). */
  sweep?(db: Db): Promise<unknown>;
  /** Started with the server's workers (app.ts). */
  start?(app: FastifyInstance): Promise<unknown> | void;
}
