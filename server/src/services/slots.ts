/** Pickup/delivery time slots in the store's time zone. */
import { badRequest } from '../lib/errors.ts';

export interface SlotRule { leadTimeMinutes: number; slotMinutes: number; openTime: string; closeTime: string; daysAhead: number }

const toMin = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const fmt = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export function localNow(timeZone: string, at = new Date()) {
  const p = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
    .formatToParts(at).reduce<Record<string, string>>((a, x) => ((a[x.type] = x.value), a), {});
  return { date: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
}

function addDays(date: string, n: number) {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function slotsFor(rule: SlotRule, timeZone: string, at = new Date()) {
  const now = localNow(timeZone, at);
  const out: { date: string; times: string[] }[] = [];
  for (let i = 0; i <= rule.daysAhead; i++) {
    const date = addDays(now.date, i);
    const times: string[] = [];
    for (let m = toMin(rule.openTime); m < toMin(rule.closeTime); m += rule.slotMinutes) {
      if (i === 0 && m < now.minutes + rule.leadTimeMinutes) continue;
      times.push(fmt(m));
    }
    if (times.length) out.push({ date, times });
  }
  return out;
}

/** Validates a chosen date (and time) against the rule; throws 400 with the reason. */
export function checkSlot(rule: SlotRule, timeZone: string, date: string, time: string | null, what: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw badRequest(`${what} date must be YYYY-MM-DD`);
  if (time != null && !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw badRequest(`${what} time must be HH:mm`);
  const slots = slotsFor(rule, timeZone);
  const day = slots.find((s) => s.date === date);
  if (!day) throw badRequest(`${what} date ${date} is not available (choose within the next ${rule.daysAhead} days)`);
  if (time != null && !day.times.includes(time)) {
    throw badRequest(`${what} time ${time} is not available on ${date} (open ${rule.openTime}–${rule.closeTime}, every ${rule.slotMinutes} minutes, ${rule.leadTimeMinutes} minutes lead time)`);
  }
}
