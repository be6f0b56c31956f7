import type { AccountTables } from '../accounts/admin-tables.ts';
import type { AttachmentTables } from '../attachments/attachment-tables.ts';
import type { ConversationTables } from '../conversations/conversation-tables.ts';
import type { IntegrationTables } from '../integrations/integration-tables.ts';
import type { JobTables } from '../jobs/job-tables.ts';
import type { LeadTables } from '../leads/quote-tables.ts';
import type { NewsletterTables } from '../newsletter/newsletter-tables.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';
import type { TeamTables } from '../team/team-tables.ts';
import type { VisitTables } from '../visits/visit-tables.ts';

/**
 * Every table of the database, for tests and benches that read or seed rows across features (a
 * feature's code views the database with its own tables only: docs/decisions/061-table-types-owned-by-their-feature.md).
 */
export type AllTables = LeadTables &
  AttachmentTables &
  ConversationTables &
  OutboxTables &
  JobTables &
  NewsletterTables &
  IntegrationTables &
  AccountTables &
  TeamTables &
  VisitTables;
