import { describe, expect, it } from 'vitest';
import { fixtureMail } from '../test/conversation-fixtures.ts';
import { parseIncomingMail } from './incoming-mail.ts';

const lead = { reference: 'Q-7F3K9C' };

describe('the text of what came in', () => {
  it('an HTML answer with a text file attached: the HTML is what it says, the file is a file', async () => {
    const mail = await parseIncomingMail(fixtureMail('html-with-text-file', lead));
    expect(mail.body).toBe('The list of pages is attached.\n\nBest, Priya');
    expect(mail.attachments.map((file) => file.name)).toEqual(['pages.txt']);
  });

  it('a plain-text answer keeps its own text, not its HTML', async () => {
    const mail = await parseIncomingMail(fixtureMail('gmail', lead));
    expect(mail.body).toBe('Thanks Ravi, Thursday at 11 works for us.\n\nPriya');
    expect(mail.textCut).toBe(false);
  });
});
