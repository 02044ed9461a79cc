/** Which of a shopper's campaign orders put them in the group (participation.ts), as a table. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CampaignParticipation, CampaignStatus } from '../../contract/campaigns.ts';
import { participationOf, type ShopperCampaignOrder } from '../src/features/campaigns/participation.ts';

const order = (id: string, status: string, paymentStatus: string, lines: [string, number][] = [['7', 1]]): ShopperCampaignOrder =>
  ({ id, status, paymentStatus, lines: lines.map(([itemId, units]) => ({ itemId, units })) });

const paid = (id: string, lines?: [string, number][]) => order(id, 'NEW', 'PAID_ONLINE', lines);
const reserved = (id: string, lines?: [string, number][]) => order(id, 'INTERIM', 'NOT_PAID', lines);

const cases: { name: string; campaign: CampaignStatus; orders: ShopperCampaignOrder[]; expect: CampaignParticipation | null }[] = [
  { name: 'no orders', campaign: 'OPEN', orders: [], expect: null },
  {
    name: 'one paid order of 2 units',
    campaign: 'OPEN',
    orders: [paid('100012', [['7', 2]])],
    expect: { state: 'JOINED', units: 2, orderIDs: ['100012'], pendingOrderID: null, items: [{ itemId: '7', units: 2 }] },
  },
  {
    name: 'two paid orders: units and items add up, newest first',
    campaign: 'OPEN',
    orders: [paid('100012', [['7', 1], ['8', 1]]), paid('100020', [['7', 1]])],
    expect: { state: 'JOINED', units: 3, orderIDs: ['100020', '100012'], pendingOrderID: null, items: [{ itemId: '7', units: 2 }, { itemId: '8', units: 1 }] },
  },
  {
    name: 'paid orders in every fulfilment state are in',
    campaign: 'SUCCEEDED',
    orders: [order('1', 'READY_FOR_PICKUP', 'PAID_ONLINE'), order('2', 'OUT_FOR_DELIVERY', 'PAID_ONLINE'), order('3', 'COMPLETED', 'PAID_ONLINE')],
    expect: { state: 'JOINED', units: 3, orderIDs: ['3', '2', '1'], pendingOrderID: null, items: [{ itemId: '7', units: 3 }] },
  },
  {
    name: 'a reserved unpaid order alone: payment pending',
    campaign: 'OPEN',
    orders: [reserved('100013', [['7', 2]])],
    expect: { state: 'PAYMENT_PENDING', units: 2, orderIDs: ['100013'], pendingOrderID: '100013', items: [] },
  },
  {
    name: 'paid, and a second order reserved: joined with the pending one named',
    campaign: 'OPEN',
    orders: [paid('100012'), reserved('100014')],
    expect: { state: 'JOINED', units: 1, orderIDs: ['100012'], pendingOrderID: '100014', items: [{ itemId: '7', units: 1 }] },
  },
  { name: 'a reserved order once the campaign is no longer open: not in', campaign: 'CLOSING', orders: [reserved('5')], expect: null },
  { name: 'a reserved order of a succeeded campaign: not in', campaign: 'SUCCEEDED', orders: [reserved('5')], expect: null },
  { name: 'a cancelled order: not in', campaign: 'OPEN', orders: [order('5', 'CANCELLED', 'NOT_PAID')], expect: null },
  { name: 'refunded in an open campaign (the store cancelled it): not in', campaign: 'OPEN', orders: [order('5', 'REFUNDED', 'PAID_ONLINE')], expect: null },
  { name: 'refund pending in an open campaign: not in', campaign: 'OPEN', orders: [order('5', 'REFUND_PENDING', 'PAID_ONLINE')], expect: null },
  {
    name: 'a payment that came after the campaign succeeded is refunded: not in',
    campaign: 'SUCCEEDED',
    orders: [order('5', 'REFUND_PENDING', 'PAID_ONLINE')],
    expect: null,
  },
  { name: 'paid with the store (not online): not in', campaign: 'OPEN', orders: [order('5', 'NEW', 'PAY_AT_STORE')], expect: null },
  {
    name: 'failed campaign, refund on its way',
    campaign: 'FAILED',
    orders: [order('5', 'REFUND_PENDING', 'PAID_ONLINE', [['7', 2]])],
    expect: { state: 'REFUND_PENDING', units: 2, orderIDs: ['5'], pendingOrderID: null, items: [] },
  },
  {
    name: 'failed campaign, a paid order whose refund is not recorded yet is on its way',
    campaign: 'FAILED',
    orders: [paid('5'), order('6', 'REFUNDED', 'PAID_ONLINE')],
    expect: { state: 'REFUND_PENDING', units: 2, orderIDs: ['6', '5'], pendingOrderID: null, items: [] },
  },
  {
    name: 'failed campaign, every refund done',
    campaign: 'FAILED',
    orders: [order('5', 'REFUNDED', 'PAID_ONLINE'), order('4', 'CANCELLED', 'NOT_PAID')],
    expect: { state: 'REFUNDED', units: 1, orderIDs: ['5'], pendingOrderID: null, items: [] },
  },
  { name: 'failed campaign, only a cancelled reservation: not in', campaign: 'FAILED', orders: [order('4', 'CANCELLED', 'NOT_PAID')], expect: null },
];

for (const c of cases) {
  test(`participation: ${c.name}`, () => {
    assert.deepEqual(participationOf(c.orders, c.campaign), c.expect);
  });
}
