/**
 * Each table and its one owner: the folder of server/ that alone creates, alters, indexes and triggers
 * it (server/db/table-owners.test.ts), and alone names it in a query (scripts/table-queries.test.ts).
 * The others read and write it through what the owner exports (docs/migrations.md).
 */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  quote_requests: 'quote',
  lead_events: 'quote',
  lead_counts: 'quote',
  auto_reply: 'quote',
  lead_attachments: 'attachments',
  attachment_chunks: 'attachments',
  attachment_upload_days: 'attachments',
  lead_messages: 'conversations',
  mailbox_state: 'conversations',
  unreadable_mail: 'conversations',
  saved_replies: 'conversations',
  outbox: 'outbox',
  outbox_throttle: 'outbox',
  mail_drop: 'outbox',
  subscribers: 'newsletter',
  subscriber_tokens: 'newsletter',
  campaigns: 'newsletter',
  integrations: 'integrations',
  integration_deliveries: 'integrations',
  admin_accounts: 'admin',
  admin_passkeys: 'admin',
  admin_sessions: 'admin',
  admin_invitations: 'admin',
  admin_ceremonies: 'admin',
  admin_activity: 'admin',
  lead_assignment: 'admin',
  staff_digests: 'admin',
  visit_days: 'visits',
  visit_pages: 'visits',
  visit_sources: 'visits',
  visit_salts: 'visits',
};
