/** What more than one screen of the back office uses: an error's text and an order status's tag. */
import { Tag } from 'antd';
import type { Texts } from '../i18n.ts';

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

const STATUS_COLOURS: Record<string, string> = {
  NEW: 'blue', READY_FOR_PICKUP: 'green', OUT_FOR_DELIVERY: 'cyan', COMPLETED: 'default', CANCELLED: 'default', REFUND_PENDING: 'orange',
  REFUNDED: 'default', DISPUTED: 'red', CHARGED_BACK: 'red',
};
export const StatusTag = ({ tx, status }: { tx: Texts; status: string }) => <Tag color={STATUS_COLOURS[status]} data-status={status}>{tx.word(status)}</Tag>;
