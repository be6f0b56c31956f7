import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureMail, nestedHtmlMail } from '../test/conversation-fixtures.ts';
import { createMailParser, UnreadableMail, type MailParser } from './mail-parser.ts';

const parsers: MailParser[] = [];
afterEach(async () => {
  for (const parser of parsers.splice(0)) await parser.close();
});

function parserWith(options: Parameters<typeof createMailParser>[0] = {}) {
  const parser = createMailParser(options);
  parsers.push(parser);
  return parser;
}

const lead = { reference: 'Q-7F3K9C' };

describe('reading mail on a thread of its own', { timeout: 60_000 }, () => {
  it('reads a mail as the watcher keeps it, its files as Buffers', async () => {
    const { mail, sha256 } = await parserWith().parse(fixtureMail('with-files', lead));
    expect(sha256).toBe(createHash('sha256').update(fixtureMail('with-files', lead)).digest('hex'));
    expect(mail.fromAddress).toBe('priya@company.in');
    expect(mail.attachments.map((file) => [file.name, Buffer.isBuffer(file.content)])).toContainEqual([
      'site-map.pdf',
      true,
    ]);
  });

  it('200,000 nested <div>s: read in well under its time, what it says kept, the rest cut', async () => {
    const started = performance.now();
    const { mail } = await parserWith({ timeoutMs: 15_000 }).parse(nestedHtmlMail(lead, 200_000));
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(mail.body).toBe('Please call me tomorrow.');
    expect(mail.textCut).toBe(true);
  });

  it('a message past its time is unreadable, its thread ended; the next message is read', async () => {
    const parser = parserWith({ timeoutMs: 1 });
    // Nothing is read in 1 ms (the copy to the thread alone takes longer).
    await expect(parser.parse(nestedHtmlMail(lead, 200_000))).rejects.toThrow(UnreadableMail);
    await expect(parser.parse(nestedHtmlMail(lead, 200_000))).rejects.toThrow(
      /takes longer than 1 ms to read/,
    );
    const next = parserWith();
    expect((await next.parse(fixtureMail('gmail', lead))).mail.fromAddress).toBe('priya@company.in');
  });
});
