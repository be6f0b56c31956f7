import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { newMessageId } from '../outbox/message-id.ts';
import { queueEmails } from '../outbox/outbox-rows.ts';
import { STAFF_LEAD_EMAIL_KINDS } from '../leads/staff-lead-email-kinds.ts';
import { claimDueFollowUps, type FollowUpLead, remindersDueBy } from '../leads/lead-follow-up.ts';
import { leadOwner } from '../leads/quote-tables.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { activeStaff } from '../accounts/staff-lookups.ts';
import { createPeriodicCheck, type PeriodicCheck } from '../ops/periodic-check.ts';

/**
 * The follow-ups' reminders (docs/decisions/040-follow-ups.md): at FOLLOW_UP_REMINDER_TIME in ADMIN_TIME_ZONE on a
 * follow-up's
 * day, one email to the lead's owner, or, for a lead without one (or whose owner was revoked), to every
 * admin. Every instance checks about once a minute (and once as a follow-up is set); each check marks the
 * due leads reminded and queues their emails in one transaction (claimDueFollowUps), so each date is
 * reminded of exactly once, across restarts and instances. One missed while no server ran goes out at
 * the next check.
 */
export type FollowUpReminders = PeriodicCheck;

export interface FollowUpRemindersOptions {
  storage: Pick<Storage, 'write'>;
  timeZone: string;
  /** "HH:MM" in timeZone. */
  reminderTime: string;
  mailDomain: string;
  log: FastifyBaseLogger;
  /** Wakes the outbox's worker after emails were queued. */
  onQueued: () => void;
  now?: () => Date;
  /** Between checks (default a minute). */
  intervalMs?: number;
  /** The runner the reminders are a job of (a runner of their own without it). */
  jobs?: JobRunner | undefined;
}

const CHECK_INTERVAL_MS = 60_000;
/** Leads claimed per transaction. */
const BATCH = 100;

/** Who is reminded of each lead: its owner while not revoked, else every admin not revoked. */
async function recipientsOf(trx: Transaction<Database>, leads: readonly FollowUpLead[]) {
  const accounts = await activeStaff(trx).execute();
  const byId = new Map(accounts.map((account) => [account.id, account.email]));
  const admins = accounts.filter((account) => account.role === 'admin').map((account) => account.email);
  return leads.map((lead) => {
    const owner = lead.ownerId === null ? undefined : byId.get(lead.ownerId);
    return { lead, recipients: owner ? [owner] : admins };
  });
}

/** One transaction: up to BATCH due leads marked reminded, their emails queued. */
async function remindBatch(options: FollowUpRemindersOptions, at: Date): Promise<number> {
  const dueBy = remindersDueBy(at, options.timeZone, options.reminderTime);
  return options.storage.write.run(async (trx) => {
    const claimed = await claimDueFollowUps(trx, dueBy, BATCH);
    if (claimed.length === 0) return 0;
    const emails = (await recipientsOf(trx, claimed)).flatMap(({ lead, recipients }) =>
      recipients.map((recipient) => ({
        kind: STAFF_LEAD_EMAIL_KINDS.followUp,
        recipient,
        messageId: newMessageId(STAFF_LEAD_EMAIL_KINDS.followUp, options.mailDomain),
        owner: leadOwner(lead.id),
        at,
      })),
    );
    await queueEmails(trx, emails);
    return claimed.length;
  });
}

async function remindDue(options: FollowUpRemindersOptions, stopped: () => boolean): Promise<number> {
  const now = options.now ?? (() => new Date());
  let reminded = 0;
  while (!stopped()) {
    const batch = await remindBatch(options, now());
    reminded += batch;
    if (batch < BATCH) break;
  }
  if (reminded > 0) options.onQueued();
  return reminded;
}

/** The periodic check of every instance (see FollowUpReminders). */
export function createFollowUpReminders(options: FollowUpRemindersOptions): FollowUpReminders {
  return createPeriodicCheck((stopped) => remindDue(options, stopped), {
    intervalMs: options.intervalMs ?? CHECK_INTERVAL_MS,
    log: options.log,
    name: 'follow-up reminders',
    jobs: options.jobs,
  });
}
