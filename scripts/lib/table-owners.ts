/**
 * Each table and its one owner: the folder of server/ that alone creates, alters, indexes and triggers
 * it (server/db/table-owners.test.ts), and alone names it in a query (scripts/table-queries.test.ts).
 * The others read and write it through what the owner exports (docs/migrations.md).
 */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  quote_requests: 'leads',
  lead_events: 'leads',
  lead_counts: 'leads',
  auto_reply: 'leads',
  lead_attachments: 'attachments',
  attachment_chunks: 'attachments',
  attachment_upload_days: 'attachments',
  lead_messages: 'conversations',
  mailbox_state: 'conversations',
  unreadable_mail: 'conversations',
  saved_replies: 'conversations',
  outbox: 'outbox',
  job_runs: 'jobs',
  outbox_throttle: 'outbox',
  mail_drop: 'outbox',
  subscribers: 'newsletter',
  subscriber_tokens: 'newsletter',
  campaigns: 'newsletter',
  integrations: 'integrations',
  integration_deliveries: 'integrations',
  admin_accounts: 'accounts',
  admin_passkeys: 'accounts',
  admin_sessions: 'accounts',
  admin_invitations: 'accounts',
  admin_ceremonies: 'accounts',
  admin_activity: 'accounts',
  lead_assignment: 'team',
  staff_digests: 'team',
  visit_days: 'visits',
  visit_pages: 'visits',
  visit_sources: 'visits',
  visit_salts: 'visits',
};
