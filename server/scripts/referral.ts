/**
 * The referral programme for the store operator (rules: server/CONTRACT.md "Referral rules"):
 *
 *   npm run referral -- groups                        every group: rate, hold, open or by assignment, members
 *   npm run referral -- assign <e-mail> <groupID>     puts a shopper in a group (any active one, open or not)
 *   npm run referral -- unassign <e-mail>             back to the default group
 *   npm run referral -- open <groupID>                shoppers may join it themselves
 *   npm run referral -- close <groupID>               only the operator puts shoppers in it (members stay)
 *   npm run referral -- cap [12.34]                   shows, or sets, the most commission one referrer accrues a month
 *
 * Uses the same database settings as the server (DATA_DIR or DATABASE_URL); the embedded PGlite database is one
 * process's: stop the server first (with PostgreSQL it can run alongside).
 */
import { ApiError, badRequest, notFound } from '../src/lib/errors.ts';
import { formatMoney } from '../src/lib/money.ts';
import { assignGroup, referralSettings, setGroupOpen, setMonthlyCap } from '../src/features/referral/service.ts';
import type { Queryable } from '../src/db/index.ts';
import { amountArg, operatorArgs, usageError, withOperatorDb } from './operatorDb.ts';
import { storeCurrency } from '../src/services/storeCurrency.ts';

const USAGE = 'usage: referral groups | referral assign <e-mail> <groupID> | referral unassign <e-mail> | referral open|close <groupID> | referral cap [amount]';
const { positionals: [command, ...rest] } = operatorArgs(USAGE, { allowPositionals: true, options: {} });
const arity: Record<string, number[]> = { groups: [0], assign: [2], unassign: [1], open: [1], close: [1], cap: [0, 1] };
if (!arity[command]?.includes(rest.length)) usageError(USAGE);
const groupArg = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : usageError(`not a group id: '${raw}'\n${USAGE}`));
// Checked before the database opens: a wrong command line never touches it.
const groupId = command === 'assign' ? groupArg(rest[1]) : command === 'open' || command === 'close' ? groupArg(rest[0]) : null;
// The cap's decimals are the store currency's (read once the database is open); its shape is checked here.
if (command === 'cap' && rest.length && !/^\d+(\.\d+)?$/.test(rest[0])) usageError(`the cap must be a positive amount like 25.50, not '${rest[0]}'\n${USAGE}`);

async function userByEmail(q: Queryable, email: string): Promise<number> {
  const { rows } = await q.query('SELECT id FROM users WHERE email = $1', [email.trim().toLowerCase()]);
  if (!rows[0]) throw notFound(`No account with e-mail ${email}`);
  return rows[0].id;
}

await withOperatorDb(`referral ${command}`, async (db) => {
  if (command === 'groups') {
    const { rows } = await db.query(
      `SELECT g.*, (SELECT count(*)::int FROM users u WHERE u.referral_group_id = g.id) AS members FROM referral_groups g ORDER BY g.sort, g.id`);
    for (const g of rows) {
      const access = g.is_default ? 'default' : g.open ? 'open' : 'assigned';
      console.log(`#${g.id}  ${g.name_en} / ${g.name_zh}  ${Number(g.commission_percent)}%  hold ${g.hold_days} days  ${access}${g.active ? '' : '  (inactive)'}  ${g.members} assigned`);
    }
    if (!rows.length) console.log('no referral groups');
  } else if (command === 'assign' || command === 'unassign') {
    const group = await assignGroup(db, await userByEmail(db, rest[0]), groupId);
    console.log(`${rest[0]}: referral group ${group ? `#${group.id} ${group.name.en} (${group.commissionPercent}%)` : 'none (the store has no default group)'}`);
  } else if (command === 'open' || command === 'close') {
    await setGroupOpen(db, groupId!, command === 'open');
    console.log(`referral group #${groupId}: ${command === 'open' ? 'open: shoppers may join it' : 'closed: assigned by the operator only'}`);
  } else {
    // Store credit is in the store currency, whose decimals the cap's text must respect.
    const currency = await storeCurrency(db);
    if (rest.length) {
      let cap: number;
      try {
        cap = amountArg(rest[0], currency)!;
      } catch (e) {
        throw badRequest(`${(e as ApiError).errors.join('; ').replace('--amount', 'the cap')}`);
      }
      await setMonthlyCap(db, cap);
    }
    const { monthlyCapPerReferrer } = await referralSettings(db);
    console.log(`monthly cap per referrer: ${formatMoney(monthlyCapPerReferrer, currency)}`);
  }
});
