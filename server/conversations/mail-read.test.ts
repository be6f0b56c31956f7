import { describe, expect, it } from 'vitest';
import { MAX_TEXT_CHARS, parseIncomingMail } from './incoming-mail.ts';
import { MAX_TEXT_PART_BYTES, readMail } from './mail-read.ts';

const MB = 1024 * 1024;

/** `<p>Line n of the list.</p>` lines up to about `bytes`. */
function htmlLines(bytes: number): string {
  const lines: string[] = [];
  for (let n = 1, size = 0; size < bytes; n += 1) {
    lines.push(`<p>Line ${n} of the list.</p>`);
    size += (lines[lines.length - 1]?.length ?? 0) + 2;
  }
  return lines.join('\r\n');
}

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300_000, 7)]);
const notes = Buffer.from('Pages: home, services, contact.\n');

/** A client's answer: multipart/mixed with the parts given (type and body), then two files. */
function mailWith(parts: { type: string; body: string }[]): Buffer {
  const file = (name: string, type: string, content: Buffer) =>
    `--b1\r\nContent-Type: ${type}; name="${name}"\r\nContent-Disposition: attachment; filename="${name}"\r\n` +
    `Content-Transfer-Encoding: base64\r\n\r\n${content.toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n`;
  const text = parts.map(
    ({ type, body }) => `--b1\r\nContent-Type: ${type}; charset=utf-8\r\n\r\n${body}\r\n`,
  );
  return Buffer.from(
    [
      'From: Priya Sharma <priya@company.in>',
      'To: quotes@acme.test',
      'Subject: Re: Your quote request Q-7F3K9C',
      'Message-ID: <huge.1@company.in>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      ...text,
      file('site-map.pdf', 'application/pdf', pdf),
      file('notes.txt', 'text/plain', notes),
      '--b1--',
      '',
    ].join('\r\n'),
  );
}

describe('a huge text part is read only as far as it can be shown', { timeout: 60_000 }, () => {
  it('a 6 MB HTML part: its first 2 MB read, marked cut; the files after it all there, whole', async () => {
    const mail = await readMail(mailWith([{ type: 'text/html', body: htmlLines(6 * MB) }]));
    expect(mail.cut).toEqual(new Set(['text/html']));
    expect(mail.html?.length).toBeLessThanOrEqual(MAX_TEXT_PART_BYTES);
    expect(mail.html?.length).toBeGreaterThan(MAX_TEXT_PART_BYTES * 0.9);
    expect(mail.html).toMatch(/^<p>Line 1 of the list\.<\/p>\n<p>Line 2 /);
    expect(mail.attachments.map((file) => [file.filename, file.size])).toEqual([
      ['site-map.pdf', pdf.length],
      ['notes.txt', notes.length],
    ]);
    expect(mail.attachments[0]?.content.equals(pdf)).toBe(true);
  });

  it('what is kept of it: the capped text, cut, and both files', async () => {
    const mail = await parseIncomingMail(mailWith([{ type: 'text/html', body: htmlLines(6 * MB) }]));
    expect(mail.body.startsWith('Line 1 of the list.\n\nLine 2 of the list.')).toBe(true);
    expect(mail.body.length + mail.quoted.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
    expect(mail.textCut).toBe(true);
    expect(mail.attachments.map((file) => file.name)).toEqual(['site-map.pdf', 'notes.txt']);
  });

  it('a plain-text answer beside a huge HTML one: its own text, whole and not cut', async () => {
    const mail = await parseIncomingMail(
      mailWith([
        { type: 'text/plain', body: 'Thursday at 11 works for us.' },
        { type: 'text/html', body: htmlLines(3 * MB) },
      ]),
    );
    expect(mail.body).toBe('Thursday at 11 works for us.');
    expect(mail.textCut).toBe(false);
    expect(mail.attachments).toHaveLength(2);
  });

  it('text parts under the bound are read whole', async () => {
    const body = htmlLines(MB);
    const mail = await readMail(mailWith([{ type: 'text/html', body }]));
    expect(mail.cut.size).toBe(0);
    expect(mail.html?.trimEnd()).toBe(body.replaceAll('\r\n', '\n'));
  });
});
