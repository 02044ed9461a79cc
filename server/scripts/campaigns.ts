/**
 * Group-buy campaigns for the store operator (the reference server has no back office):
 *
 *   npm run campaigns -- list [--all]
 *   npm run campaigns -- create --name-en "..." --name-zh "..." [--desc-en "..."] [--desc-zh "..."] --target N
 *        --store STORE_ID [--starts ISO] (--ends ISO | --hours H) --item PRODUCT[@OPTION_PAIR]:PRICE:STOCK:LIMIT [--item ...]
 *   npm run campaigns -- end <id>      ends an open campaign now and settles it (success, or failure with refunds)
 *
 * PRICE is in dollars (12.99). The same code as the back office's Campaigns screen (features/admin/campaigns.ts), and
 * like it recorded in the activity list (`via: command line`). Uses the same database settings as the server (DATA_DIR or DATABASE_URL). The embedded
 * PGlite database is one process's: stop the server first (with PostgreSQL it can run alongside; settling is locked).
 */
import os from 'node:os';
import { campaignWindow, listCampaigns, parseCampaignId } from '../src/features/campaigns/service.ts';
import { createCampaignBy, endCampaignBy } from '../src/features/admin/campaigns.ts';
import { commandLineActor, viaCommandLine } from '../src/features/admin/cliActor.ts';
import { operatorArgs, usageError as fail, withOperatorDb } from './operatorDb.ts';

const USAGE = `usage: campaigns list [--all]
       campaigns create --name-en TEXT --name-zh TEXT [--desc-en TEXT] [--desc-zh TEXT] --target N --store STORE_ID
                        [--starts ISO] (--ends ISO | --hours H) --item PRODUCT[@OPTION_PAIR]:PRICE:STOCK:LIMIT [--item ...]
       campaigns end <id>`;

const { values, positionals: [command, campaignId] } = operatorArgs(USAGE, {
  allowPositionals: true,
  options: {
    all: { type: 'boolean' },
    'name-en': { type: 'string' }, 'name-zh': { type: 'string' }, 'desc-en': { type: 'string' }, 'desc-zh': { type: 'string' },
    target: { type: 'string' }, store: { type: 'string' }, starts: { type: 'string' }, ends: { type: 'string' }, hours: { type: 'string' },
    item: { type: 'string', multiple: true },
  },
});

function parseItem(spec: string) {
  const m = /^(\d{1,9})(?:@([^:]+))?:(\d+(?:\.\d{1,2})?):(\d+):(\d+)$/.exec(spec);
  if (!m) fail(`bad --item '${spec}': expected PRODUCT[@OPTION_PAIR]:PRICE:STOCK:LIMIT, e.g. 1023:12.99:20:2`);
  return { productId: Number(m[1]), optionPair: m[2] ?? '', campaignPrice: Math.round(Number(m[3]) * 100), stock: Number(m[4]), limitPerShopper: Number(m[5]) };
}

function parseDate(v: string, what: string): Date {
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) fail(`bad ${what} '${v}': expected an ISO date-time such as 2026-12-01T18:00:00-05:00`);
  return d;
}

if (!['list', 'create', 'end'].includes(command ?? '')) fail(USAGE);

/** A new campaign as the command line gives it; every argument is checked here, before the database opens. */
function campaignOfArgs() {
  const window = campaignWindow({
    startsAt: values.starts ? parseDate(values.starts, '--starts') : null,
    endsAt: values.ends ? parseDate(values.ends, '--ends') : null,
    hours: values.hours ? Number(values.hours) : null,
  }, new Date()) ?? fail('give --ends ISO or --hours H (a positive number)');
  const target = Number(values.target);
  if (!values['name-en'] || !values['name-zh'] || !values.store || !values.item?.length || !Number.isInteger(target)) fail(USAGE);
  return {
    name: { en: values['name-en'], zh: values['name-zh'] },
    description: { en: values['desc-en'] ?? '', zh: values['desc-zh'] ?? '' },
    target, localStoreId: values.store, ...window, items: values.item.map(parseItem),
  };
}
const created = command === 'create' ? campaignOfArgs() : null;

await withOperatorDb(`campaigns ${command}`, async (db) => {
  if (command === 'list') {
    const { campaigns, serverTime } = await listCampaigns(db, values.all ? 'all' : 'current');
    console.log(`server time ${serverTime}`);
    for (const c of campaigns) {
      console.log(`#${c.id}  ${c.status.padEnd(9)} ${c.participants}/${c.target} joined  ${c.startsAt} → ${c.endsAt}  ${c.nameContent.en} / ${c.nameContent.zh}`);
    }
    if (!campaigns.length) console.log('no campaigns');
  } else if (created) {
    const id = await createCampaignBy(db, commandLineActor(), created, viaCommandLine());
    console.log(`campaign #${id} created: ${created.startsAt.toISOString()} → ${created.endsAt.toISOString()}, target ${created.target}`);
  } else {
    const id = parseCampaignId(campaignId);
    const s = await endCampaignBy(db, commandLineActor(), id, viaCommandLine(), `cli@${os.hostname()}:${process.pid}`);
    console.log(s ? `campaign #${id} ended: ${s.outcome} with ${s.participants} participant(s), ${s.refunds} refund(s) requested`
      : `campaign #${id} was settled by another process`);
  }
});
