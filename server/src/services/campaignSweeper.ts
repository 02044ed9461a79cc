/**
 * The campaign sweeper: settles every campaign whose end has passed, once at start (a campaign that ended while no
 * server ran is settled now) and then every CAMPAIGN_SWEEP_SECONDS (default 15). The timer only decides when to look;
 * what is due and whether it is still unsettled is decided in the database under row locks (services/campaigns.ts
 * settleCampaign), so several processes sharing one PostgreSQL settle each campaign exactly once.
 */
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { sweepCampaigns } from './campaigns.ts';

export async function startCampaignSweeper(app: FastifyInstance) {
  const by = `${os.hostname()}:${process.pid}`;
  const seconds = Math.max(1, Number(process.env.CAMPAIGN_SWEEP_SECONDS ?? 15) || 15);
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = async () => {
    try {
      for (const s of await sweepCampaigns(app.db, by)) {
        app.log.info(`campaign ${s.campaignId} settled: ${s.outcome} with ${s.participants} participant(s), ${s.refunds} refund(s)`);
      }
    } catch (e) {
      app.log.error(e, 'campaign sweep failed');
    }
  };
  // A sweep already under way is joined, not doubled.
  const sweep = () => (running ??= run().finally(() => (running = null)));
  await sweep();
  const timer = setInterval(() => void (stopped || sweep()), seconds * 1000);
  timer.unref();
  // Before the database closes: no new sweep, and the one under way finishes.
  app.addHook('preClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  });
}
