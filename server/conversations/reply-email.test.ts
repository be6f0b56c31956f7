import { describe, expect, it } from 'vitest';
import type { LeadMessage } from './conversation-tables.ts';
import { replyEmail } from './reply-email.ts';

const settings = {
  from: { name: 'Acme', address: 'quotes@acme.test' },
  to: ['sales@acme.test'],
  siteUrl: 'https://acme.test',
};

function reply(references: string): LeadMessage {
  return {
    id: 2,
    quote_request_id: 1,
    direction: 'out',
    kind: 'reply',
    message_id: '<reply.2@acme.test>',
    in_reply_to: '<answer.9999@mail.example>',
    references,
    author_email: 'ravi@acme.test',
    author_name: 'Ravi',
    subject: 'Re: Your quote request Q-7F3K9C',
    body_text: 'Thank you.',
    quoted_text: '',
    created_at: '2026-12-01T12:00:00.000Z',
    read_at: null,
    bounced_at: null,
    file_notes: '',
    sender_dmarc: null,
    sender_is_lead: null,
  };
}

describe("a reply's References", () => {
  it('keeps the first Message-ID and the last ten, however many the thread carries', () => {
    // A client's mail that came with 279 KB of References, and the reply after it.
    const ids = Array.from({ length: 10_000 }, (_, n) => `<answer.${n}@mail.example>`);
    const email = replyEmail(
      reply(ids.join(' ')),
      { email: 'priya@company.in', reference: 'Q-7F3K9C' },
      settings,
    );
    expect(email.headers?.References).toBe([ids[0], ...ids.slice(-10)].join(' '));
    expect(email.headers?.['In-Reply-To']).toBe('<answer.9999@mail.example>');
  });

  it('a short thread is kept whole', () => {
    const email = replyEmail(
      reply('<a@x> <b@x>'),
      { email: 'priya@company.in', reference: 'Q-7F3K9C' },
      settings,
    );
    expect(email.headers?.References).toBe('<a@x> <b@x>');
  });
});
