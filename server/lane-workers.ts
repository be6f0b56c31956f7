import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.ts';
import { createHttpSender } from './integrations/http-sender.ts';
import { httpTransport } from './integrations/http-transport.ts';
import { integrationRetryPolicy } from './integrations/integration-retry.ts';
import { INTEGRATION_LANE } from './integrations/integration-tables.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import type { Mailer } from './mail/outgoing-mail.ts';
import type { OutboxRepository } from './outbox/outbox-repository.ts';
import type { OutboxLane } from './outbox/outbox-table.ts';
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from './outbox/outbox-worker.ts';

/** What a lane sets beside what every worker shares (the outbox, the log, the poll, the clock). */
type LaneSettings = OutboxWorkerOptions extends infer Options
  ? Options extends OutboxWorkerOptions
    ? Omit<Options, 'outbox' | 'log' | 'pollMs' | 'now'> & { component: string }
    : never
  : never;

/** A campaign's emails taken per pass, and sent at once over as many pooled SMTP connections. */
const CAMPAIGN_BATCH = 50;
export const CAMPAIGN_CONNECTIONS = 4;

/** Integration deliveries sent at once: each waits on another company's server (up to its 10 s timeout). */
const INTEGRATION_CONCURRENCY = 8;
/** Longer than the 10 s timeout of a request, with room for a slow database. */
const INTEGRATION_LEASE_MS = 2 * 60_000;

/** Long enough for the slowest SMTP exchange; after it, a claimed email is due again. */
function leaseMs(timeouts: Config['mail']['timeouts']) {
  return 2 * (timeouts.connectionMs + timeouts.greetingMs + timeouts.socketMs) + 60_000;
}

export interface LaneWorkerContext {
  config: Config;
  outbox: OutboxRepository;
  /** The lane's mailer (the mail and campaign lanes; the integration lane speaks HTTP). */
  mailer?: Mailer | undefined;
  log: FastifyBaseLogger;
  now?: (() => Date) | undefined;
  /** The runner the lanes' polls are jobs of (outbox-mail, outbox-campaign, outbox-integration). */
  jobs?: JobRunner | undefined;
}

/** What each lane's worker is set to beside what they share (the outbox, the poll, the clock). */
function laneSettings(lane: OutboxLane, { config, mailer }: LaneWorkerContext): LaneSettings {
  const smtp = {
    retryBaseMs: config.outbox.retryBaseMs,
    retryMaxMs: config.outbox.retryMaxMs,
    maxAttempts: config.outbox.maxAttempts,
    leaseMs: leaseMs(config.mail.timeouts),
  };
  if (lane === 'mail') return { ...smtp, ...(mailer ? { mailer } : {}), component: 'outbox' };
  if (lane === 'campaign') {
    return {
      ...smtp,
      ...(mailer ? { mailer } : {}),
      component: 'campaign-sender',
      batchSize: CAMPAIGN_BATCH,
      concurrency: CAMPAIGN_CONNECTIONS,
      // Thousands of "email sent" lines would bury the rest; failures are still logged one by one.
      sentLogLevel: 'debug',
      lane: { lane, ratePerMinute: config.newsletter.campaignRatePerMinute },
    };
  }
  const sender = createHttpSender({
    allowPrivate: config.integrations.allowPrivate,
    production: config.production,
  });
  return {
    component: 'integrations',
    transport: httpTransport(sender),
    noun: 'integration delivery',
    retryPolicy: integrationRetryPolicy,
    leaseMs: INTEGRATION_LEASE_MS,
    batchSize: INTEGRATION_CONCURRENCY * 2,
    concurrency: INTEGRATION_CONCURRENCY,
    lane: { lane: INTEGRATION_LANE },
  };
}

/**
 * The worker of one lane of the outbox: 'mail' (the features' emails), 'campaign' (throttled, its own
 * SMTP connections, so a campaign never delays a notification) or 'integration' (HTTP, with its own
 * fixed retry schedule, several deliveries at once).
 */
export function createLaneWorker(lane: OutboxLane, context: LaneWorkerContext): OutboxWorker {
  const { component, ...settings } = laneSettings(lane, context);
  return createOutboxWorker({
    ...settings,
    outbox: context.outbox,
    log: context.log.child({ component }),
    pollMs: context.config.outbox.pollMs,
    job: { name: `outbox-${lane}`, jobs: context.jobs },
    ...(context.now ? { now: context.now } : {}),
  });
}
