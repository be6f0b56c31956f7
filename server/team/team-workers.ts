import type { FastifyInstance } from 'fastify';
import { createFollowUpReminders } from './follow-up-reminders.ts';
import { createTeamChecks } from './team-checks.ts';
import type { Config } from '../config/config.ts';
import { mailDomain } from '../mail/mail-address.ts';
import type { Storage } from '../db/database.ts';

/**
 * The team's checks, at start (with the outbox's workers) and then every minute: the follow-ups'
 * reminders, the escalations of leads nobody answered, the daily digests.
 */
export function addTeamWorkers(
  app: FastifyInstance,
  { config, storage, now, start }: { config: Config; storage: Storage; now: () => Date; start: boolean },
) {
  const reminders = createFollowUpReminders({
    storage,
    timeZone: config.admin.timeZone,
    reminderTime: config.admin.team.reminderTime,
    mailDomain: mailDomain(config.mail.from),
    log: app.log.child({ component: 'follow-up-reminders' }),
    // Reminders are emails: the mail lane's worker looks now.
    onQueued: () => app.outboxWorker.kick(),
    now,
    jobs: app.jobs,
  });
  app.decorate('followUpReminders', reminders);
  if (start) app.addHook('onReady', async () => reminders.start());
  const checks = createTeamChecks({
    storage,
    timeZone: config.admin.timeZone,
    reminderTime: config.admin.team.reminderTime,
    firstResponseMs: config.admin.team.firstResponseMs,
    mailDomain: mailDomain(config.mail.from),
    log: app.log.child({ component: 'team-checks' }),
    onQueued: () => app.outboxWorker.kick(),
    now,
    jobs: app.jobs,
  });
  app.decorate('teamChecks', checks);
  if (start) app.addHook('onReady', async () => checks.start());
}
