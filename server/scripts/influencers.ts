/**
 * The store operator's review of influencer profiles (the reference server has no back office):
 *
 *   npm run influencers -- list                          profiles, those waiting for review first (a version the content
 *                                                        check (services/contentCheck.ts) called 'review' waits here as
 *                                                        PENDING; one still CHECKING may be decided too, when
 *                                                        WeChat's picture verdict does not come)
 *   npm run influencers -- show <id>                     the version waiting for review (else the published one), with
 *                                                        each picture's file, to review it
 *   npm run influencers -- approve <id>                  publishes the version waiting for review (or lifts a suspension)
 *   npm run influencers -- reject <id> --reason <text>   refuses it; the shopper sees the reason
 *   npm run influencers -- suspend <id> [--reason <text>] hides the profile from the public at once
 *
 * Uses the same database settings as the server (DATA_DIR or DATABASE_URL). The embedded PGlite database is one
 * process's: stop the server first (with PostgreSQL it can run alongside).
 */
import { approveInfluencer, profileForReview, profilesForReview, rejectInfluencer, suspendInfluencer } from '../src/features/influencers/service.ts';
import { uploadPath } from '../src/uploads/images.ts';
import { cliArgs, usageError as fail, withOperatorDb } from './operatorDb.ts';

const usage = 'usage: influencers list | show <id> | approve <id> | reject <id> --reason <text> | suspend <id> [--reason <text>]';
const args = cliArgs();
const command = args[0];
const at = args.indexOf('--reason');
const reason = at > 0 ? args.slice(at + 1).join(' ').trim() : '';
const idArg = args[1] ?? '';
const id = /^\d{1,9}$/.test(idArg) ? Number(idArg) : NaN;

if (!['list', 'show', 'approve', 'reject', 'suspend'].includes(command)) fail(usage);
if (command !== 'list' && !Number.isInteger(id)) fail(usage);
if (command === 'reject' && !reason) fail('reject needs --reason <text> (the shopper sees it)');

await withOperatorDb(`influencers ${command}`, async (db, config) => {
  if (command === 'list') {
    const rows = await profilesForReview(db);
    for (const r of rows) {
      const why = r.reason ? `  reason: ${r.reason}` : r.refusedBy ? `  refused by the content check: ${r.refusedBy}` : '';
      console.log(`${String(r.id).padStart(5)}  ${r.status.padEnd(9)} review ${r.review.padEnd(8)} ${r.email}  "${r.displayName}"  likes ${r.likes}  submitted ${r.submittedAt}${why}`);
    }
    if (!rows.length) console.log('no influencer profiles');
  } else if (command === 'show') {
    const { version, images } = await profileForReview(db, id);
    console.log(JSON.stringify(version, null, 2));
    for (const img of images) console.log(`picture ${img.name}: ${uploadPath(config.dataDir, img.id, img.mime)}`);
  } else {
    await db.tx(async (q) => {
      if (command === 'approve') await approveInfluencer(q, id);
      else if (command === 'reject') await rejectInfluencer(q, id, reason);
      else await suspendInfluencer(q, id, reason);
    });
    console.log(`influencer profile ${id}: ${command === 'approve' ? 'approved' : command === 'reject' ? 'rejected' : 'suspended'}`);
  }
});
