/**
 * bench:campaign's mail server: a real SMTP server on loopback (smtp-server, as the tests' sink in
 * server/test/smtp-sink.ts) that keeps no message, only what the benchmark judges: which Message-IDs
 * reached which recipient, and when. It reads each message's header block for its Message-ID and
 * drops the rest unparsed, so the sink stays fast and small at 10,000 messages and more.
 */
import { SMTPServer } from 'smtp-server';

export interface CampaignSink {
  url: string;
  /** Messages accepted, every copy counted. */
  readonly received: number;
  /** Recipients that got at least one message. */
  readonly recipients: number;
  /** Each recipient's distinct Message-IDs: more than one is a message sent twice as two. */
  byRecipient: ReadonlyMap<string, ReadonlySet<string>>;
  /** Copies that arrived again with a Message-ID the recipient already had (allowed after a crash). */
  readonly repeatedIds: number;
  /** When each message was accepted (ms, performance.now()), in order. */
  acceptedAt: readonly number[];
  /** Resolves once this many messages have been accepted. */
  waitFor: (messages: number) => Promise<void>;
  close: () => Promise<void>;
}

/** The header block is at most this long in a campaign's message; the Message-ID is in it. */
const HEADER_BYTES = 64 * 1024;

const messageIdOf = (head: string) => /^message-id:\s*(<[^>\r\n]+>)/im.exec(head)?.[1] ?? '(none)';

export async function startCampaignSink(): Promise<CampaignSink> {
  const byRecipient = new Map<string, Set<string>>();
  const acceptedAt: number[] = [];
  let received = 0;
  let repeatedIds = 0;
  let waiters: { messages: number; resolve: () => void }[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A sender may keep many connections open at once: none is refused.
    maxClients: 1000,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < HEADER_BYTES && !head.includes('\r\n\r\n')) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const id = messageIdOf(head.split('\r\n\r\n')[0] ?? '');
        for (const { address } of session.envelope.rcptTo) {
          const recipient = address.toLowerCase();
          const ids = byRecipient.get(recipient) ?? new Set<string>();
          if (ids.has(id)) repeatedIds++;
          ids.add(id);
          byRecipient.set(recipient, ids);
          received++;
          acceptedAt.push(performance.now());
        }
        waiters = waiters.filter((waiter) => {
          if (received < waiter.messages) return true;
          waiter.resolve();
          return false;
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return received;
    },
    get recipients() {
      return byRecipient.size;
    },
    byRecipient,
    get repeatedIds() {
      return repeatedIds;
    },
    acceptedAt,
    waitFor: (messages) =>
      received >= messages
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ messages, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
