import type { Config } from '../config/config.ts';
import type { FeatureDefinition } from '../plugins/feature-definition.ts';
import { answerEmailKind } from './answer-email-kind.ts';
import { conversationMigrations, conversationPostgresMigrations } from './conversation-migrations.ts';
import { conversationRoutes, savedReplyRoutes } from './conversation-routes.ts';
import { conversationEmailKinds } from './reply-email-kind.ts';
import { mailboxReadiness } from './mailbox-status.ts';
import { addMailboxWatcher } from './mailbox-workers.ts';

/** A lead's conversation: replies sent from the inbox, answers read from the mailbox, saved replies. */
export const conversationsFeature = {
  name: 'conversations',
  needs: ['accounts', 'attachments', 'leads'],
  migrations: [{ sqlite: conversationMigrations, postgres: conversationPostgresMigrations }],
  messageKinds: (config: Config) => [
    ...conversationEmailKinds({ from: config.mail.from, to: config.mail.to, siteUrl: config.siteUrl }),
    answerEmailKind({ from: config.mail.from, siteUrl: config.siteUrl, timeZone: config.admin.timeZone }),
  ],
  inboxRoutes: [conversationRoutes, savedReplyRoutes],
  workers: [addMailboxWatcher],
  readiness: [mailboxReadiness],
} as const satisfies FeatureDefinition;
