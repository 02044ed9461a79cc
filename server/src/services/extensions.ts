/**
 * What the core asks of the features, without importing one (ARCHITECTURE.md "The layers": services/ imports no feature,
 * orders/ or payments/): small typed registries, filled once at start by the composition root (composition.ts
 * installComposition, called by app.ts and every operator CLI through scripts/operatorDb.ts) from the features' objects
 * (features/index.ts). Nothing registers itself by being imported; a service asking before installation fails loudly.
 */
import type { Queryable } from '../db/index.ts';
import type { Registration, SessionFields } from '../../../contract/account.ts';
import type { OrderCampaign } from '../../../contract/campaigns.ts';

/** The session's fields a feature fills (app info and every sign-in answer); null when no installed feature fills one. */
export type FeatureSessionFields = Pick<SessionFields, 'membership' | 'referrerUserGroup'>;

/** A feature's part in an account's life. */
export interface AccountHooks {
  /** An account was created by registration (services/auth.ts createAccount), with the registration it came from. */
  signedUp?(q: Queryable, userId: number, registration: Registration): Promise<unknown>;
  /** The account's e-mail address became its owner's (services/emailVerification.ts markVerified), in that transaction. */
  emailConfirmed?(q: Queryable, userId: number): Promise<unknown>;
  /** The feature's fields of the signed-in session (services/sessionFields.ts). */
  sessionFields?(q: Queryable, userId: number): Promise<Partial<FeatureSessionFields>>;
}

/** Prices: who pays the member price (services/cart.ts). */
export interface PricingHooks {
  /** SQL: whether the user (an expression) holds a membership at the moment `at` (a parameter such as `$2`). */
  memberAtSql(userId: string, at: string): string;
}

/** The order view's fields a feature fills (its group buy); absent when no installed feature fills one. */
export interface FeatureOrderFields {
  campaign?: OrderCampaign;
}

/** A feature's part in how an order reads and what it allows (orders/service.ts). */
export interface OrderHooks {
  /** The feature's fields of these orders' views, by order id (orders without any left out). */
  viewFields?(q: Queryable, orderIds: readonly number[]): Promise<Map<number, FeatureOrderFields>>;
  /** Why this order cannot be settled offline (a group-buy order is paid online); undefined when it can. */
  offlineSettlementRefusal?(q: Queryable, orderId: number): Promise<string | undefined>;
}

/** What the core asks of the layers above it: the order lifecycle's release of a cart's reservation (services/auth.ts). */
export interface CoreHooks {
  /** Releases the reserved (INTERIM) order of a cart, hidden from the shopper when `hide` (orders/transitions/release.ts). */
  releaseReservation(q: Queryable, orderId: number, hide: boolean): Promise<unknown>;
}

export interface Extensions {
  core: CoreHooks;
  accounts: readonly AccountHooks[];
  /** At most one feature prices members; without one nobody is a member. */
  pricing: PricingHooks;
  orders: readonly OrderHooks[];
}

/** Nobody is a member when no feature sells memberships. */
export const NO_MEMBERS: PricingHooks = { memberAtSql: () => 'FALSE' };

let installed: Extensions | undefined;

/** Installs the registries (composition.ts installComposition). */
export function installExtensions(extensions: Extensions): void {
  installed = extensions;
}

/** The installed registries; throws when nothing installed them (a start that skipped installComposition). */
export function extensions(): Extensions {
  if (!installed) throw new Error('The features are not installed: call installComposition() (composition.ts) at start');
  return installed;
}
