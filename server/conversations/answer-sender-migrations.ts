import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Who an answer is from, kept with it: the DMARC result the company's mail server wrote (null: none to
 * trust), and whether it came from the lead's own address (null for replies, delivery reports and the
 * rows before this; the answers already stored are compared with their lead's address here).
 */
const answerSender: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('lead_messages').addColumn('sender_dmarc', 'text').execute();
    await db.schema.alterTable('lead_messages').addColumn('sender_is_lead', 'integer').execute();
    await sql`
      UPDATE lead_messages SET sender_is_lead = CASE
        WHEN lower(author_email) = (
          SELECT lower(email) FROM quote_requests WHERE quote_requests.id = lead_messages.quote_request_id
        ) THEN 1 ELSE 0 END
      WHERE direction = 'in' AND kind <> 'bounce'
    `.execute(db);
  },
};

export const answerSenderMigrations: Record<string, Migration> = {
  '2026-11-30-452-answer-sender': answerSender,
};
