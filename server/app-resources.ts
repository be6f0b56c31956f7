import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.ts';
import type { FollowUpReminders } from './team/follow-up-reminders.ts';
import { logHelperServices } from './helper-services.ts';
import { createMailer } from './mail/mailer.ts';
import type { Mailer } from './mail/outgoing-mail.ts';
import { startMaintenance, type Maintenance } from './maintenance.ts';
import { createCampaignScheduler, type CampaignScheduler } from './newsletter/campaign-scheduler.ts';
import type { Readiness } from './ops/health-routes.ts';
import { addJobRunner } from './jobs/server-jobs.ts';
import { holdDatabase } from './ops/server-lock.ts';
import type { OutboxWorker } from './outbox/outbox-worker.ts';
import { CAMPAIGN_CONNECTIONS, createLaneWorker } from './lane-workers.ts';
import { openRedis, type Redis } from './security/redis-client.ts';
import { openStores } from './stores.ts';
import {
  featureWorkers,
  readinessChecks,
  type ReadinessOptions,
  type ReadinessReport,
  type WorkersOptions,
} from './features.ts';
import { composeReadiness } from './plugins/feature-definition.ts';
import type { PeriodicCheck } from './ops/periodic-check.ts';
import type { SitePages } from './site/site-pages.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Stores['storage'];
    outboxWorker: OutboxWorker;
    /** The outbox's 'campaign' lane: the campaigns' emails, throttled (CAMPAIGN_RATE_PER_MINUTE). */
    campaignWorker: OutboxWorker;
    campaignScheduler: CampaignScheduler;
    /** The outbox's 'integration' lane: deliveries to webhooks, Slack and Teams over HTTP. */
    integrationWorker: OutboxWorker;
    maintenance: Maintenance | undefined;
    /** Sends each follow-up's reminder on its day at FOLLOW_UP_REMINDER_TIME (a check every minute). */
    followUpReminders: FollowUpReminders;
    /** Escalations and daily digests (team-checks.ts). */
    teamChecks: PeriodicCheck;
  }
}

type Stores = Awaited<ReturnType<typeof openStores>>;

export interface ResourcesOptions {
  config: Config;
  /** Replaces the mailer chosen from the config. */
  mailer?: Mailer | undefined;
  now?: (() => Date) | undefined;
  startOutbox: boolean;
  startMaintenance: boolean;
  /** The public pages served now, which a release replaces (in the workers' bag). */
  sitePages: SitePages;
}

/** Said once at start: several instances on one PostgreSQL each count their own limits without Redis. */
export const PER_INSTANCE_LIMITS =
  'DATABASE_URL is set but REDIS_URL is not: rate limits are counted per instance, so with several instances a client gets each limit once per instance. Set REDIS_URL to share them.';

/** What the app holds, filled in as each is taken, so that closing releases exactly what was. */
interface Held {
  stores?: Stores;
  mailer?: Mailer;
  campaignMailer?: Mailer;
  releaseDatabase?: () => void;
  redis?: Redis;
}

/** Closing the app stops the workers and lets go of what it holds. */
function releaseOnClose(app: FastifyInstance, held: Held) {
  app.addHook('onClose', async () => {
    app.maintenance?.stop();
    if (app.hasDecorator('pendingScans')) await app.pendingScans?.stop();
    if (app.hasDecorator('mailboxWatcher')) await app.mailboxWatcher?.stop();
    if (app.hasDecorator('followUpReminders')) await app.followUpReminders.stop();
    if (app.hasDecorator('teamChecks')) await app.teamChecks.stop();
    if (app.hasDecorator('outboxWorker')) await app.outboxWorker.stop();
    if (app.hasDecorator('campaignWorker')) await app.campaignWorker.stop();
    if (app.hasDecorator('integrationWorker')) await app.integrationWorker.stop();
    if (app.hasDecorator('campaignScheduler')) await app.campaignScheduler.stop();
    if (app.hasDecorator('jobs')) await app.jobs.stop();
    held.mailer?.close();
    held.campaignMailer?.close();
    held.redis?.disconnect();
    await held.stores?.close();
    held.releaseDatabase?.();
  });
}

/** What the operator should know once the server is ready: the config's warnings, limits, where mail goes. */
function warnAtStart(
  app: FastifyInstance,
  config: Config,
  { shared, redis, mailer }: { shared: boolean; redis: Redis | undefined; mailer: Mailer },
) {
  for (const warning of config.warnings) app.log.warn(warning);
  if (shared && !redis) app.log.warn(PER_INSTANCE_LIMITS);
  // In production config.warnings says it already, as a warning; on a laptop it is what a newcomer wants
  // to know (where the mail goes), not something to fix: information.
  if (mailer.kind === 'file' && !config.production) {
    app.log.info(
      { mailDir: config.mail.dir },
      'SMTP_URL is not set: emails are kept as .eml files in MAIL_DIR, not sent',
    );
  }
  if (mailer.kind === 'database' && !config.production) {
    app.log.info(
      'SMTP_URL is not set: emails are kept in the database, not sent (npm run outbox -- export-files <dir> writes them out as .eml files)',
    );
  }
}

/** What /readyz reports: every definition's part (server/features.ts), built with one bag. */
function readinessCheck(
  app: FastifyInstance,
  config: Config,
  {
    stores,
    mailer,
    redis,
    now,
  }: { stores: Stores; mailer: Mailer; redis: Redis | undefined; now: () => Date },
): () => Promise<Readiness> {
  const options: ReadinessOptions = {
    ...stores,
    config,
    mailer,
    redis,
    now,
    mailboxWatcher: () => app.mailboxWatcher,
  };
  return composeReadiness<ReadinessReport>(readinessChecks, options);
}

/**
 * What the app holds: the database and its repositories (marked as held, so
 * `npm run restore` refuses to replace it while the app runs), the Redis
 * client of the rate limits (when REDIS_URL is set), the mailer, the
 * outbox worker and, once ready, the maintenance timers. Closing the app is the
 * one way they are let go: buildApp closes it when a later step fails too, so a
 * start that fails part-way releases whatever it had taken.
 */
export async function openResources(app: FastifyInstance, options: ResourcesOptions) {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const held: Held = {};
  app.decorate('maintenance', undefined);
  releaseOnClose(app, held);

  const stores = (held.stores = await openStores(config, options.now ? { now: options.now } : {}));
  // The database file's marker that a server holds it (restore refuses then); PostgreSQL has its own.
  if (stores.storage.file) held.releaseDatabase = holdDatabase(stores.storage.file);
  const mailer = (held.mailer = options.mailer ?? createMailer(config.mail, stores.mailDrop));
  const jobs = addJobRunner(app, stores.storage, now);
  const lanes = { config, outbox: stores.outbox, log: app.log, now: options.now, jobs };
  const worker = createLaneWorker('mail', { ...lanes, mailer });
  // The campaigns' lane has its own pool of SMTP connections; a mailer given by a test serves both.
  const campaignMailer = options.mailer
    ? options.mailer
    : (held.campaignMailer = createMailer(
        { ...config.mail, poolSize: CAMPAIGN_CONNECTIONS },
        stores.mailDrop,
      ));
  const campaignWorker = createLaneWorker('campaign', { ...lanes, mailer: campaignMailer });
  const integrationWorker = createLaneWorker('integration', lanes);
  const campaignScheduler = createCampaignScheduler({
    campaigns: stores.campaigns,
    activity: stores.activity,
    log: app.log.child({ component: 'campaign-scheduler' }),
    intervalMs: config.outbox.pollMs,
    onStarted: () => campaignWorker.kick(),
    now,
    jobs,
  });
  // The rate limits' counters, shared by every instance (REDIS_URL); a Redis that is down is no failed start.
  const redis = config.redisUrl
    ? (held.redis = await openRedis(config.redisUrl, app.log.child({ component: 'redis' })))
    : undefined;
  app.decorate('storage', stores.storage);
  app.decorate('outboxWorker', worker);
  app.decorate('campaignWorker', campaignWorker);
  app.decorate('campaignScheduler', campaignScheduler);
  app.decorate('integrationWorker', integrationWorker);
  // Each feature's background work (pending scans, the mailbox, the team's checks): jobs of the runner.
  const site = { sitePages: options.sitePages };
  const workerOptions: WorkersOptions = { ...stores, ...site, config, now, start: options.startOutbox };
  for (const addWorkers of featureWorkers) addWorkers(app, workerOptions as never);

  const { leads } = stores;
  app.addHook('onReady', async () => {
    warnAtStart(app, config, { shared: stores.storage.sharedAcrossInstances, redis, mailer });
    void logHelperServices(app.log, config); // not awaited: a silent clamd must not hold the start
    if (options.startOutbox) {
      worker.start();
      campaignWorker.start();
      integrationWorker.start();
      campaignScheduler.start();
    }
    if (options.startMaintenance) {
      app.maintenance = startMaintenance({
        config,
        leads,
        storage: stores.storage,
        log: app.log.child({ component: 'maintenance' }),
        now,
        jobs,
      });
    }
  });

  const readiness = readinessCheck(app, config, { stores, mailer, redis, now });
  const kick = () => {
    worker.kick();
    campaignWorker.kick();
    integrationWorker.kick();
  };
  return { stores, redis, kick, now, readiness };
}
