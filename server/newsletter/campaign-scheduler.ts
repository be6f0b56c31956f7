import type { FastifyBaseLogger } from 'fastify';
import type { ActivityAction } from '../../common/inbox-api/activity-endpoints.ts';
import { isStorageUnavailable } from '../db/storage-errors.ts';
import { createJobRunner, type JobRunner } from '../jobs/job-runner.ts';
import type { CampaignRepository } from './campaign-repository.ts';

export interface CampaignSchedulerOptions {
  campaigns: Pick<CampaignRepository, 'startDue' | 'finishDone'>;
  /** The inbox's activity log (what the system did is recorded with no actor). */
  activity: {
    record(entry: { actor: null; action: ActivityAction; summary: string }, at: Date): Promise<void>;
  };
  log: FastifyBaseLogger;
  intervalMs: number;
  /** Told when a campaign started (its emails are waiting: wake the campaign worker). */
  onStarted: () => void;
  now: () => Date;
  /** The runner the scheduler is a job of (a runner of its own without it). */
  jobs?: JobRunner | undefined;
}

/**
 * The campaigns' own clock, in every instance: starts the scheduled campaigns that are due (each once,
 * whatever the number of instances: see startDue) and marks sent those with nothing left to send.
 * Everything it knows is in the database; it is a job of the runner, whose timers never keep the process
 * alive.
 */
export function createCampaignScheduler(options: CampaignSchedulerOptions) {
  const { campaigns, activity, log, now } = options;
  async function runOnce(): Promise<void> {
    const { started, nobody } = await campaigns.startDue();
    for (const campaign of started) {
      log.info({ campaignId: campaign.id }, 'scheduled campaign started');
      await activity.record(
        {
          actor: null,
          action: 'campaign-send-started',
          summary: `Campaign #${campaign.id} started sending as scheduled: ${campaign.subject}`,
        },
        now(),
      );
    }
    for (const campaign of nobody) {
      await activity.record(
        {
          actor: null,
          action: 'campaign-unscheduled',
          summary: `Campaign #${campaign.id} was due but nobody is subscribed: it is a draft again`,
        },
        now(),
      );
    }
    if (started.length > 0) options.onStarted();
    for (const id of await campaigns.finishDone()) log.info({ campaignId: id }, 'campaign sent');
  }

  const job = (options.jobs ?? createJobRunner({ log })).add({
    name: 'campaign-scheduler',
    everyMs: options.intervalMs,
    firstMs: options.intervalMs,
    where: { instances: 'each' },
    run: runOnce,
    failed: (error) => {
      if (isStorageUnavailable(error)) log.warn({ err: error }, 'campaigns: database unavailable');
      else log.error({ err: error }, 'campaign scheduler pass failed');
    },
  });

  return {
    runOnce,
    start: () => job.start(),
    stop: () => job.stop(),
  };
}

export type CampaignScheduler = ReturnType<typeof createCampaignScheduler>;
