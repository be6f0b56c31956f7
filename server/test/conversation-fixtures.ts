import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sampleQuote } from '../../common/quote-sample.ts';
import type { openStores } from '../stores.ts';

type Stores = Awaited<ReturnType<typeof openStores>>;

/** The reference and our reply's Message-ID as the fixtures write them; replaced by a lead's own. */
const FIXTURE_REFERENCE = 'Q-7F3K9C';
const FIXTURE_REPLY_ID = '<reply.0001@acme.test>';
const FIXTURES = join(import.meta.dirname, '..', 'conversations', 'fixtures');

/** A fixture (server/conversations/fixtures/NAME.eml) about this lead, as its raw bytes. */
export function fixtureMail(
  name: string,
  lead: { reference: string },
  replace: Record<string, string> = {},
): Buffer {
  let text = readFileSync(join(FIXTURES, `${name}.eml`), 'utf8').replaceAll(
    FIXTURE_REFERENCE,
    lead.reference,
  );
  for (const [from, to] of Object.entries(replace)) text = text.replaceAll(from, to);
  return Buffer.from(text);
}

/**
 * A lead from priya@company.in and, unless told not to, one reply sent to it with the fixtures'
 * Message-ID (written directly: what conv-out's sending stores).
 */
export async function leadWithReply(
  stores: Stores,
  { replyId = FIXTURE_REPLY_ID, reply = true }: { replyId?: string; reply?: boolean } = {},
) {
  const { id } = await stores.leads.store({ request: sampleQuote(), sourcePage: '/', spam: false });
  const { reference } = await stores.storage.db
    .selectFrom('quote_requests')
    .select('reference')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (reply) {
    await stores.storage.write.run((trx) =>
      trx
        .insertInto('lead_messages')
        .values({
          quote_request_id: id,
          direction: 'out',
          kind: 'reply',
          message_id: replyId,
          in_reply_to: null,
          references: '',
          author_email: 'ravi@acme.test',
          author_name: 'Ravi',
          subject: `Re: Your quote request ${reference}`,
          body_text: 'Hello Priya,\n\nCould we call on Thursday?\n\nRavi',
          quoted_text: '',
          created_at: new Date('2026-11-30T12:32:00Z').toISOString(),
          read_at: null,
          bounced_at: null,
        })
        .execute(),
    );
  }
  return { id, reference };
}

/** A lead's messages in the order they were stored. */
export async function messagesOf(stores: Stores, leadId: number) {
  return stores.storage.db
    .selectFrom('lead_messages')
    .selectAll()
    .where('quote_request_id', '=', leadId)
    .orderBy('id')
    .execute();
}
