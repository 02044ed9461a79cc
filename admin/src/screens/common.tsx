/** What more than one screen of the back office uses: an error's text, a file as base64, an action's busy state, an order status's tag. */
import { useState } from 'react';
import Tag from 'antd/es/tag';
import type { OrderStatusCode } from '../../../contract/constants.ts';
import type { Texts } from '../i18n.ts';

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A file's bytes as base64, as the upload routes take them (a product's photo, a cover). */
export const base64Of = (file: File) => new Promise<string>((resolve, reject) => {
  const r = new FileReader();
  r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
  r.onerror = () => reject(r.error);
  r.readAsDataURL(file);
});

/**
 * A screen's action (a save, a sign-in, a refund): `busy` while one runs, for its button; what it throws goes to
 * `failed` (an alert's text, a message, the form's fields), and the button is free again either way.
 */
export function useAction(failed: (e: unknown) => void): [boolean, (work: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  return [busy, run];
}

/** Every status of the contract has its colour (a new one is a compile error here until it has). */
const STATUS_COLOURS: Record<OrderStatusCode, string> = {
  INTERIM: 'default', NEW: 'blue', READY_FOR_PICKUP: 'green', OUT_FOR_DELIVERY: 'cyan', COMPLETED: 'default', CANCELLED: 'default', REFUND_PENDING: 'orange',
  REFUNDED: 'default', DISPUTED: 'red', CHARGED_BACK: 'red',
};
export const StatusTag = ({ tx, status }: { tx: Texts; status: string }) => <Tag color={STATUS_COLOURS[status as OrderStatusCode]} data-status={status}>{tx.word(status)}</Tag>;
