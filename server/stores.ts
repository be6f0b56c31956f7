import { createAccountRepository } from './accounts/account-repository.ts';
import { createActivityLog } from './accounts/activity-log.ts';
import { createConversations } from './conversations/conversation-repository.ts';
import { createLeadAssignment } from './team/lead-assignment.ts';
import { createSessionRepository } from './accounts/session-repository.ts';
import type { Config } from './config/config.ts';
import { openStorage, type Storage } from './db/database.ts';
import { definitions, featureLeadHooks, features, type LeadHooksOptions } from './features.ts';
import { derivedTablesOf, messageKindsOf, migrationsOf } from './plugins/feature-definition.ts';
import { mailDomain } from './mail/mail-address.ts';
import { createCampaignRepository } from './newsletter/campaign-repository.ts';
import { createSubscriberRepository } from './newsletter/subscriber-repository.ts';
import { createMailDrop } from './outbox/mail-drop.ts';
import { createOutboxRepository } from './outbox/outbox-repository.ts';
import { createIntegrationRepository } from './integrations/integration-repository.ts';
import { createAutoReply } from './leads/auto-reply.ts';
import { createLeadRepository } from './leads/lead-repository.ts';
import { combineLeadHooks } from './leads/lead-hooks.ts';
import { createLeadFollowUps } from './leads/lead-follow-up.ts';

/** Every feature's migrations and the core's (the outbox, the jobs); they run in the order of their names (dates). */
export const migrations = migrationsOf(definitions);

/** Tables that triggers fill from other tables' rows: db:copy copies their sources, never them. */
export const derivedTables: readonly string[] = derivedTablesOf(features);

export interface StoresOptions {
  /** The clock of the repositories (tests move it to expire links). */
  now?: () => Date;
}

/**
 * Opens the database and builds every repository on it, with the email kinds
 * of every feature registered with the outbox. The server, the command line
 * and the tests all get theirs from here, so every write goes the same way:
 * through the storage's group commit.
 */
export async function openStores(config: Config, { now }: StoresOptions = {}) {
  const storage: Storage = await openStorage({ ...config.database, migrations });
  const clock = now ? { now } : {};
  // A new database's auto-reply starts as ACK_EMAIL says; an existing one keeps what staff chose.
  const autoReply = createAutoReply(storage);
  try {
    await autoReply.seed(config.mail.acknowledge);
  } catch (error) {
    await storage.close();
    throw error;
  }
  const domain = mailDomain(config.mail.from);
  // What every change to a lead tells the features that declare lead hooks, in its transaction.
  const hooksOptions: LeadHooksOptions = { mailDomain: domain };
  const leadHooks = combineLeadHooks(...featureLeadHooks.map((hooks) => hooks(hooksOptions)));
  const leads = createLeadRepository(storage, {
    mailDomain: domain,
    notificationRecipient: config.mail.to.join(', '),
    hooks: leadHooks,
    dailyUploadBytes: config.attachments.dailyBytes,
    ...clock,
  });
  const subscribers = createSubscriberRepository(storage, {
    mailDomain: domain,
    confirmationsPerDay: config.newsletter.confirmationsPerDay,
    ...clock,
  });
  const outbox = createOutboxRepository(storage, messageKindsOf(features, config));
  return {
    storage,
    leads,
    subscribers,
    outbox,
    campaigns: createCampaignRepository(storage, {
      mailDomain: domain,
      ratePerMinute: config.newsletter.campaignRatePerMinute,
      ...clock,
    }),
    /** Where emails are kept when there is no SMTP_URL, on PostgreSQL; on SQLite they are .eml files in MAIL_DIR. */
    mailDrop: storage.sharedAcrossInstances ? createMailDrop(storage) : undefined,
    accounts: createAccountRepository(storage),
    sessions: createSessionRepository(storage, config.admin.session),
    activity: createActivityLog(storage),
    integrations: createIntegrationRepository(storage),
    autoReply,
    assignment: createLeadAssignment(storage),
    /** Each lead's follow-up and the Follow-ups view (dates in ADMIN_TIME_ZONE). */
    followUps: createLeadFollowUps(storage, { timeZone: config.admin.timeZone, ...clock }),
    conversations: createConversations(storage, {
      mailDomain: domain,
      hooks: leadHooks,
      ...clock,
    }),
    close: () => storage.close(),
  };
}
