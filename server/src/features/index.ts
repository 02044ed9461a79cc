/**
 * THE list of the server's features (ARCHITECTURE.md "How to add ... A server feature"), read by the composition root
 * (composition.ts: the lifecycle's subscribers and the core's registries), app.ts (routes, sweeps, workers) and the
 * seed (seed/index.ts). Order matters where the parts are told in turn: the seed's steps, the session's fields, and
 * the order subscribers (referral accrues before campaigns may refund a payment that can no longer join, and the
 * refund then reverses it; campaigns last, because their refund goes back through the lifecycle).
 */
import type { ServerFeature } from './feature.ts';
import { influencers } from './influencers/index.ts';
import { memberships } from './memberships/index.ts';
import { referral } from './referral/index.ts';
import { campaigns } from './campaigns/index.ts';
import { wechatReceipt } from './wechatReceipt/index.ts';
import { admin } from './admin/index.ts';

export const FEATURES: readonly ServerFeature[] = [influencers, memberships, referral, campaigns, wechatReceipt, admin];
