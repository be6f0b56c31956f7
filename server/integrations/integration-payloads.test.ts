import { describe, expect, it } from 'vitest';
import { slackMessage, teamsMessage, type IntegrationPayload } from './integration-payloads.ts';

const created = (
  message: string,
  name = 'Priya Sharma',
  attachments: { name: string; size: number }[] = [],
): IntegrationPayload => ({
  type: 'lead.created',
  timestamp: '2026-11-27T09:00:00.000Z',
  data: {
    reference: 'Q-7F3K9C',
    name,
    email: 'priya@company.in',
    phone: '+91 98000 00000',
    message,
    page: '/services',
    received_at: '2026-11-27T09:00:00.000Z',
    inbox_url: 'https://www.acme.test/admin/leads/7',
    attachments,
  },
});

/** Files whose names try Markdown, a mention and a link. */
const trickyFiles = [
  { name: 'Brief (final).pdf', size: 2_516_582 },
  { name: '[click](https://evil.test) <!channel> **x**.txt', size: 820 },
];

describe('the Slack message', () => {
  it('shows the name, the reference, the first 300 characters and a button to the lead', () => {
    const message = JSON.stringify(slackMessage(created('x'.repeat(400))));
    expect(message).toContain('New lead: Priya Sharma');
    expect(message).toContain('Q-7F3K9C');
    expect(message).toContain(`${'x'.repeat(300)}…`);
    expect(message).not.toContain('x'.repeat(301));
    expect(message).toContain('"url":"https://www.acme.test/admin/leads/7"');
  });

  it('escapes what the visitor typed, so it cannot mention @channel or make a link', () => {
    const message = JSON.stringify(
      slackMessage(created('<!channel> see <https://evil.test|here> & more', 'A <b> & C')),
    );
    expect(message).toContain('&lt;!channel&gt; see &lt;https://evil.test|here&gt; &amp; more');
    expect(message).not.toContain('<!channel>');
  });
});

describe("the lead's files in a chat message", () => {
  it('are named with their sizes in Slack, escaped, with no link of their own', () => {
    const message = JSON.stringify(slackMessage(created('Hello', 'Priya', trickyFiles)));
    expect(message).toContain(
      '*Attachments*\\nBrief (final).pdf (2.4 MB)\\n[click](https://evil.test) &lt;!channel&gt; **x**.txt (820 bytes)',
    );
    expect(message).not.toContain('<!channel>');
    expect(message).not.toContain('/attachments/');
    expect(JSON.stringify(slackMessage(created('Hello')))).not.toContain('Attachments');
  });

  it("are named with their sizes in Teams, in TextRuns only (a name is the visitor's text)", () => {
    const texts = textsOf(teamsMessage(created('Hello', 'Priya', trickyFiles)));
    expect(texts.map(({ text }) => text)).toEqual(
      expect.arrayContaining([
        'Attachments:',
        'Brief (final).pdf (2.4 MB)',
        '[click](https://evil.test) <!channel> **x**.txt (820 bytes)',
      ]),
    );
    expect(
      texts.filter(({ text }) => text.includes('evil.test')).every(({ type }) => type === 'TextRun'),
    ).toBe(true);
  });
});

describe('the Teams message', () => {
  it('is an Adaptive Card 1.4 with an "Open in inbox" action', () => {
    expect(teamsMessage(created('Hello'))).toMatchObject({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: {
            type: 'AdaptiveCard',
            version: '1.4',
            actions: [
              { type: 'Action.OpenUrl', title: 'Open in inbox', url: 'https://www.acme.test/admin/leads/7' },
            ],
          },
        },
      ],
    });
  });
});

/** Every object of a card that carries text, with its type. */
function textsOf(value: unknown): { type: unknown; text: string }[] {
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (typeof value !== 'object' || value === null) return [];
  const entries = Object.entries(value);
  const own = entries
    .filter(([key, text]) => ['text', 'value', 'title'].includes(key) && typeof text === 'string')
    .map(([, text]) => ({ type: (value as { type?: unknown }).type, text: String(text) }));
  return [...own, ...entries.flatMap(([, child]) => textsOf(child))];
}

describe("the Teams message and a visitor's Markdown", () => {
  it('shows a Markdown link, bold and a heading as typed: only in TextRuns, which Teams never parses', () => {
    const link = '[Verify your account](https://evil.test/login)';
    const card = teamsMessage(created(`${link}\n# Urgent`, '**Boss** [x](https://evil.test)'));
    const texts = textsOf(card);
    const visitors = texts.filter(({ text }) => text.includes('evil.test') || text.includes('Boss'));
    expect(visitors.map(({ text }) => text)).toEqual([
      'New lead: **Boss** [x](https://evil.test)',
      `${link}\n# Urgent`,
    ]);
    expect(visitors.every(({ type }) => type === 'TextRun')).toBe(true);
    expect(texts.filter(({ type }) => type === 'TextBlock' || type === 'FactSet')).toEqual([]);
  });

  it('still shows the reference and the page', () => {
    const texts = textsOf(teamsMessage(created('Hello'))).map(({ text }) => text);
    expect(texts).toEqual(
      expect.arrayContaining(['Reference: ', 'Q-7F3K9C', 'Page: ', '/services', 'Hello']),
    );
  });
});
