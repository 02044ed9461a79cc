/**
 * Which of a shopper's campaign orders put them in the group (pure; the campaign page's "You're in"). A paid order in a
 * fulfilment state is in; a reserved, unpaid one is "payment pending" while the campaign is open; a cancelled order is
 * not in, nor is one refunded while the campaign did not fail (a payment that came too late, a store cancel). When the
 * campaign failed, the shopper's paid orders are refunded by the settlement: those tell the shopper where their money is.
 */
import type { CampaignParticipation, CampaignStatus, ParticipationState } from '../../../../contract/campaigns.ts';

/** The order states of a paid campaign order whose shopper is in the group (also the SQL of the participant count). */
export const IN_GROUP_ORDER_STATUSES = ['NEW', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY', 'COMPLETED'] as const;
export const IN_GROUP_PAYMENT_STATUS = 'PAID_ONLINE';

export interface ShopperCampaignOrder {
  id: string;
  status: string;
  paymentStatus: string;
  lines: { itemId: string; units: number }[];
}

const isPaidInGroup = (o: ShopperCampaignOrder) =>
  o.paymentStatus === IN_GROUP_PAYMENT_STATUS && (IN_GROUP_ORDER_STATUSES as readonly string[]).includes(o.status);
const isAwaitingPayment = (o: ShopperCampaignOrder) => o.status === 'INTERIM' && o.paymentStatus === 'NOT_PAID';
const unitsOf = (orders: ShopperCampaignOrder[]) => orders.reduce((n, o) => n + o.lines.reduce((m, l) => m + l.units, 0), 0);

function unitsByItem(orders: ShopperCampaignOrder[]): { itemId: string; units: number }[] {
  const byItem = new Map<string, number>();
  for (const o of orders) for (const l of o.lines) byItem.set(l.itemId, (byItem.get(l.itemId) ?? 0) + l.units);
  return [...byItem].filter(([, units]) => units > 0).map(([itemId, units]) => ({ itemId, units }));
}

const view = (state: ParticipationState, orders: ShopperCampaignOrder[], pending: ShopperCampaignOrder | undefined, paid: ShopperCampaignOrder[]): CampaignParticipation => ({
  state,
  units: unitsOf(orders),
  orderIDs: orders.map((o) => o.id),
  pendingOrderID: pending?.id ?? null,
  items: unitsByItem(paid),
});

/** The shopper's part in a campaign of status `campaignStatus`, from all their orders of it; null when they are not in. */
export function participationOf(orders: ShopperCampaignOrder[], campaignStatus: CampaignStatus): CampaignParticipation | null {
  const newestFirst = [...orders].sort((a, b) => Number(b.id) - Number(a.id));
  const paid = newestFirst.filter(isPaidInGroup);
  if (campaignStatus === 'FAILED') {
    // Settling a failed campaign refunds every paid order; one still shown as paid is being refunded.
    const onItsWay = (o: ShopperCampaignOrder) => isPaidInGroup(o) || o.status === 'REFUND_PENDING';
    const refunds = newestFirst.filter((o) => onItsWay(o) || o.status === 'REFUNDED');
    if (!refunds.length) return null;
    return view(refunds.some(onItsWay) ? 'REFUND_PENDING' : 'REFUNDED', refunds, undefined, []);
  }
  const pending = campaignStatus === 'OPEN' ? newestFirst.find(isAwaitingPayment) : undefined;
  if (paid.length) return view('JOINED', paid, pending, paid);
  return pending ? view('PAYMENT_PENDING', [pending], pending, []) : null;
}
