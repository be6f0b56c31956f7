import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sampleQuote } from '../../common/quote-sample.ts';
import type { openStores } from '../stores.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ConversationTables } from '../conversations/conversation-tables.ts';
import type { LeadTables } from '../leads/quote-tables.ts';

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
 * An HTML-only answer from the lead's client whose HTML nests `<div>` `depth` times after what it says
 * (the red team's was 200,000 levels: 2.2 MB).
 */
export function nestedHtmlMail(
  lead: { reference: string },
  depth: number,
  { id = '<nested.1@company.in>', words = 'Please call me tomorrow.' } = {},
): Buffer {
  return mailOf(lead, id, 'text/html', `<p>${words}</p>${'<div>'.repeat(depth)}deep`);
}

/** A plain-text or HTML answer from the lead's client of about `bytes` bytes ("Line n of the list."). */
export function largeMail(
  lead: { reference: string },
  bytes: number,
  { id = '<large.1@company.in>', html = false } = {},
): Buffer {
  const line = (n: number) => (html ? `<p>Line ${n} of the list.</p>` : `Line ${n} of the list.`);
  const lines: string[] = [];
  for (let n = 1, size = 0; size < bytes; n += 1) {
    lines.push(line(n));
    size += line(n).length + 2;
  }
  return mailOf(lead, id, html ? 'text/html' : 'text/plain', lines.join('\r\n'));
}

function mailOf(lead: { reference: string }, id: string, type: string, body: string): Buffer {
  const head = [
    'From: Priya Sharma <priya@company.in>',
    'To: quotes@acme.test',
    `Subject: Re: Your quote request ${lead.reference}`,
    'Date: Tue, 1 Dec 2026 10:00:00 +0530',
    `Message-ID: ${id}`,
    `In-Reply-To: ${FIXTURE_REPLY_ID}`,
    'MIME-Version: 1.0',
    `Content-Type: ${type}; charset=utf-8`,
  ];
  return Buffer.from(`${head.join('\r\n')}\r\n\r\n${body}\r\n`);
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
  const { reference } = await tablesOf<LeadTables>(stores.storage.db)
    .selectFrom('quote_requests')
    .select('reference')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (reply) {
    await stores.storage.write.run((trx) =>
      tablesOf<ConversationTables>(trx)
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
  return tablesOf<ConversationTables>(stores.storage.db)
    .selectFrom('lead_messages')
    .selectAll()
    .where('quote_request_id', '=', leadId)
    .orderBy('id')
    .execute();
}
