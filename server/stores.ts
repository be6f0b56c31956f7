import { createAccountRepository } from './admin/account-repository.ts';
import { createActivityLog } from './admin/activity-log.ts';
import { attachmentMigrations, attachmentPostgresMigrations } from './attachments/attachment-migrations.ts';
import { uploadDayMigrations, uploadDayPostgresMigrations } from './attachments/upload-day-migrations.ts';
import { answerEmailKind } from './conversations/answer-email-kind.ts';
import { createConversations } from './conversations/conversation-repository.ts';
import { conversationEmailKinds } from './conversations/reply-email-kind.ts';
import {
  conversationMigrations,
  conversationPostgresMigrations,
} from './conversations/conversation-migrations.ts';
import { adminMigrations } from './admin/admin-migrations.ts';
import { adminPostgresMigrations } from './admin/admin-postgres-migrations.ts';
import { teamAccountMigrations } from './admin/team-account-migrations.ts';
import { assignmentMigrations } from './admin/assignment-migrations.ts';
import { assignmentHooks, createLeadAssignment } from './admin/lead-assignment.ts';
import { newLeadEmailHooks } from './admin/new-lead-emails.ts';
import { digestEmailKind } from './admin/digest-email-kind.ts';
import { createSessionRepository } from './admin/session-repository.ts';
import type { Config } from './config.ts';
import { dashboardMigrations, dashboardPostgresMigrations } from './quote/dashboard-migrations.ts';
import { leadCountMigrations, leadCountPostgresMigrations } from './quote/lead-count-migrations.ts';
import { DERIVED_TABLES } from './quote/lead-count-tables.ts';
import { openStorage, type Storage } from './db/database.ts';
import { mergeMigrations } from './db/migrator.ts';
import { integrationOutboxKind } from './integrations/integration-kind.ts';
import {
  integrationMigrations,
  integrationPostgresMigrations,
} from './integrations/integration-migrations.ts';
import { integrationLeadHooks } from './integrations/integration-queue.ts';
import { mailDomain } from './mail/mail-address.ts';
import { campaignEmailKinds } from './newsletter/campaign-email-kinds.ts';
import { campaignMigrations, campaignPostgresMigrations } from './newsletter/campaign-migrations.ts';
import { createCampaignRepository } from './newsletter/campaign-repository.ts';
import { newsletterEmailKinds } from './newsletter/newsletter-email-kinds.ts';
import { newsletterMigrations } from './newsletter/newsletter-migrations.ts';
import { newsletterPostgresMigrations } from './newsletter/newsletter-postgres-migrations.ts';
import { createSubscriberRepository } from './newsletter/subscriber-repository.ts';
import { outboxMigrations } from './outbox/outbox-migrations.ts';
import { outboxPostgresMigrations } from './outbox/outbox-postgres-migrations.ts';
import { createMailDrop } from './outbox/mail-drop.ts';
import { createOutboxRepository } from './outbox/outbox-repository.ts';
import { createIntegrationRepository } from './integrations/integration-repository.ts';
import { createAutoReply } from './quote/auto-reply.ts';
import { autoReplyMigrations, autoReplyPostgresMigrations } from './quote/auto-reply-migrations.ts';
import { createLeadRepository } from './quote/lead-repository.ts';
import { combineLeadHooks } from './quote/lead-hooks.ts';
import { firstContactMigrations, firstContactPostgresMigrations } from './quote/first-contact-migrations.ts';
import { visitMigrations, visitPostgresMigrations } from './visits/visit-migrations.ts';
import { quoteEmailKinds } from './quote/quote-email-kinds.ts';
import { quoteMigrations } from './quote/quote-migrations.ts';
import { quotePostgresMigrations } from './quote/quote-postgres-migrations.ts';
import { leadOwnerMigrations } from './quote/lead-owner-migrations.ts';
import { followUpMigrations } from './quote/follow-up-migrations.ts';
import { jobMigrations, jobPostgresMigrations } from './jobs/job-migrations.ts';
import { staffLeadEmailKinds } from './quote/staff-lead-email-kinds.ts';
import { createLeadFollowUps } from './quote/lead-follow-up.ts';

/** Every part's migrations; they run in the order of their names (dates). */
export const migrations = mergeMigrations(
  { sqlite: quoteMigrations, postgres: quotePostgresMigrations },
  { sqlite: newsletterMigrations, postgres: newsletterPostgresMigrations },
  { sqlite: campaignMigrations, postgres: campaignPostgresMigrations },
  { sqlite: outboxMigrations, postgres: outboxPostgresMigrations },
  { sqlite: adminMigrations, postgres: adminPostgresMigrations },
  { sqlite: integrationMigrations, postgres: integrationPostgresMigrations },
  { sqlite: autoReplyMigrations, postgres: autoReplyPostgresMigrations },
  { sqlite: dashboardMigrations, postgres: dashboardPostgresMigrations },
  { sqlite: visitMigrations, postgres: visitPostgresMigrations },
  { sqlite: firstContactMigrations, postgres: firstContactPostgresMigrations },
  { sqlite: leadCountMigrations, postgres: leadCountPostgresMigrations },
  { sqlite: attachmentMigrations, postgres: attachmentPostgresMigrations },
  { sqlite: uploadDayMigrations, postgres: uploadDayPostgresMigrations },
  { sqlite: conversationMigrations, postgres: conversationPostgresMigrations },
  { sqlite: teamAccountMigrations, postgres: teamAccountMigrations },
  { sqlite: leadOwnerMigrations, postgres: leadOwnerMigrations },
  { sqlite: assignmentMigrations, postgres: assignmentMigrations },
  { sqlite: followUpMigrations, postgres: followUpMigrations },
  { sqlite: jobMigrations, postgres: jobPostgresMigrations },
);

/** Tables that triggers fill from other tables' rows: db:copy copies their sources, never them. */
export const derivedTables: readonly string[] = [...DERIVED_TABLES];

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
  // What every change to a lead tells the other parts, in its transaction.
  const leadHooks = combineLeadHooks(
    integrationLeadHooks,
    assignmentHooks({ mailDomain: domain }),
    newLeadEmailHooks({ mailDomain: domain }),
  );
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
  // The newsletter's emails and campaigns have their own From (NEWSLETTER_FROM), apart from the notifications'.
  const newsletterMail = {
    from: config.mail.newsletterFrom ?? config.mail.from,
    replyTo: config.mail.to[0],
    siteUrl: config.siteUrl,
  };
  const outbox = createOutboxRepository(storage, [
    ...quoteEmailKinds({ from: config.mail.from, to: config.mail.to, siteUrl: config.siteUrl }),
    ...newsletterEmailKinds(newsletterMail),
    ...campaignEmailKinds(newsletterMail),
    integrationOutboxKind({ siteUrl: config.siteUrl }),
    ...conversationEmailKinds({ from: config.mail.from, to: config.mail.to, siteUrl: config.siteUrl }),
    answerEmailKind({ from: config.mail.from, siteUrl: config.siteUrl, timeZone: config.admin.timeZone }),
    digestEmailKind({ from: config.mail.from, siteUrl: config.siteUrl }),
    ...staffLeadEmailKinds({
      from: config.mail.from,
      siteUrl: config.siteUrl,
      firstResponseMs: config.admin.team.firstResponseMs,
    }),
  ]);
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
