import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { startCampaignSink, type CampaignSink } from './campaign-sink.ts';

let sink: CampaignSink | undefined;
afterEach(async () => sink?.close());

async function send(url: string, to: string, messageId: string) {
  const transport = nodemailer.createTransport(url);
  try {
    await transport.sendMail({ from: 'news@example.com', to, subject: 'News', text: 'Hello', messageId });
  } finally {
    transport.close();
  }
}

describe("bench:campaign's SMTP sink", () => {
  it('tells a message sent again with its own Message-ID from one sent twice as two', async () => {
    sink = await startCampaignSink();
    await send(sink.url, 'Reader1@bench.example', '<a.1@example.com>');
    // After a crash: the same message again, same Message-ID (allowed).
    await send(sink.url, 'reader1@bench.example', '<a.1@example.com>');
    await send(sink.url, 'reader2@bench.example', '<a.2@example.com>');
    // Sent twice as two messages (what must never happen).
    await send(sink.url, 'reader2@bench.example', '<a.3@example.com>');
    await sink.waitFor(4);

    expect(sink.received).toBe(4);
    expect(sink.recipients).toBe(2);
    expect(sink.repeatedIds).toBe(1);
    expect([...sink.byRecipient.entries()].map(([to, ids]) => [to, [...ids]])).toEqual([
      ['reader1@bench.example', ['<a.1@example.com>']],
      ['reader2@bench.example', ['<a.2@example.com>', '<a.3@example.com>']],
    ]);
    expect(sink.acceptedAt).toHaveLength(4);
  });
});
