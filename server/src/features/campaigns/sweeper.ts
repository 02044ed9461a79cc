/**
 * The campaign sweeper: settles every campaign whose end has passed, once at start (a campaign that ended while no
 * server ran is settled now) and then every CAMPAIGN_SWEEP_SECONDS (default 15). The timer only decides when to look;
 * what is due and whether it is still unsettled is decided in the database under row locks (service.ts
 * settleCampaign), so several processes sharing one PostgreSQL settle each campaign exactly once.
 */
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { PollingWorker } from '../../lib/pollingWorker.ts';
import { sweepCampaigns } from './service.ts';

class CampaignSweeper extends PollingWorker {
  private readonly by = `${os.hostname()}:${process.pid}`;

  constructor(private app: FastifyInstance, seconds: number) {
    super(seconds * 1000);
  }

  protected async round() {
    try {
      for (const s of await sweepCampaigns(this.app.db, this.by)) {
        this.app.log.info(`campaign ${s.campaignId} settled: ${s.outcome} with ${s.participants} participant(s), ${s.refunds} refund(s)`);
      }
    } catch (e) {
      this.app.log.error(e, 'campaign sweep failed');
    }
  }
}

export async function startCampaignSweeper(app: FastifyInstance) {
  const seconds = Math.max(1, Number(process.env.CAMPAIGN_SWEEP_SECONDS ?? 15) || 15);
  const sweeper = new CampaignSweeper(app, seconds);
  sweeper.start();
  // Campaigns that ended while no server ran are settled before the server answers (joins the first round).
  await sweeper.tick();
  // Before the database closes: no new sweep, and the one under way finishes.
  app.addHook('preClose', () => sweeper.stop());
}
