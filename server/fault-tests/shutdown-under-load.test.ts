/**
 * Fault 2: SIGTERM while visitors are submitting. Requests already being
 * received finish and are answered; new ones are refused at once (connection
 * refused, or 503 on a connection that was already open), never left hanging
 * or cut off in the middle of an answer; nothing acknowledged is lost; and the
 * emails still waiting in the outbox go out when the server starts again.
 */
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { QUOTE_SUCCESS_REPLY } from '../../common/quote-messages.ts';
import { readDatabaseFile } from '../test/database-file.ts';
import { multipart, validQuote } from '../test/form-request.ts';
import { freePort } from '../test/free-port.ts';
import { burst, isSuccess, postQuote, type Outcome } from '../test/quote-client.ts';
import { startServer, stopServer } from '../test/server-process.ts';
import { fakeSite, tempDir } from '../test/temp-dir.ts';
import { testSmtpSink } from '../test/test-app.ts';

const emailOf = (index: number | string) => `visitor-${index}@shutdown.test`;
const SIGNAL_AFTER_SUCCESSES = 30;

/**
 * A request whose body arrives in two halves: the first now, the second when
 * `finish` is called. It is "in flight" for as long as the test wants.
 */
async function slowRequest(baseUrl: string, email: string) {
  const body = await multipart({ ...validQuote, email });
  const half = Math.floor(body.payload.length / 2);
  let resolveOutcome: (outcome: Outcome) => void = () => undefined;
  const outcome = new Promise<Outcome>((resolve) => (resolveOutcome = resolve));
  const request = httpRequest(`${baseUrl}/api/quote`, {
    method: 'POST',
    agent: false,
    headers: { ...body.headers, 'content-length': body.payload.length, accept: 'text/plain' },
  });
  request.on('response', (response) => {
    let text = '';
    response.on('data', (chunk: Buffer) => (text += chunk.toString()));
    response.on('end', () => resolveOutcome({ kind: 'reply', status: response.statusCode ?? 0, body: text }));
  });
  request.on('error', (error: NodeJS.ErrnoException) =>
    resolveOutcome({ kind: 'error', code: error.code ?? error.message, afterReply: false }),
  );
  request.write(body.payload.subarray(0, half));
  return { outcome, finish: () => request.end(body.payload.subarray(half)) };
}

describe('SIGTERM during load', () => {
  it('finishes what is in flight, refuses the rest cleanly, loses nothing, and the outbox resumes at the next start', async () => {
    const dir = tempDir();
    const databasePath = join(dir, 'data', 'site.db');
    const env = {
      HOST: '127.0.0.1',
      PORT: '0',
      SITE_DIR: fakeSite(dir),
      DATABASE_PATH: databasePath,
      MAIL_DIR: join(dir, 'data', 'mail'),
      RATE_LIMIT_MAX: '100000',
      // The mail server is down for the whole first run: every email stays in the outbox.
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      SMTP_CONNECTION_TIMEOUT_MS: '1000',
      OUTBOX_POLL_MS: '100',
      OUTBOX_RETRY_BASE_MS: '200',
      OUTBOX_RETRY_MAX_MS: '400',
      OUTBOX_MAX_ATTEMPTS: '100',
    };
    const server = await startServer({ env });

    // In flight when the signal comes: headers and half the body are already sent.
    const slow = await slowRequest(server.url, emailOf('slow'));
    await new Promise((resolve) => setTimeout(resolve, 200));

    let successes = 0;
    let signalled = false;
    const outcomes = await burst(
      300,
      12,
      (index) => postQuote(server.url, { ...validQuote, email: emailOf(index) }, 8_000),
      (_index, outcome) => {
        if (isSuccess(outcome) && ++successes === SIGNAL_AFTER_SUCCESSES) {
          signalled = server.child.kill('SIGTERM');
          setTimeout(slow.finish, 300); // the rest of the slow body arrives after the signal
        }
      },
    );
    expect(signalled).toBe(true);
    const slowOutcome = await slow.outcome;
    const exit = await server.exited;

    // It stopped by itself, cleanly, after answering the request that was in flight.
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('"signal":"SIGTERM","msg":"shutting down"');
    expect(slowOutcome).toEqual({ kind: 'reply', status: 200, body: QUOTE_SUCCESS_REPLY });

    // Every other request was answered "success", refused with 503, or refused at connection.
    const refused = outcomes.filter((outcome) => !isSuccess(outcome));
    expect(refused.length).toBeGreaterThan(0);
    for (const outcome of refused) {
      if (outcome.kind === 'reply') expect(outcome.status).toBe(503);
      else {
        expect(outcome.afterReply).toBe(false); // never cut off in the middle of an answer
        expect(['ECONNREFUSED', 'ECONNRESET']).toContain(outcome.code); // never a hang (TIMEOUT)
      }
    }

    // The database holds exactly the acknowledged requests: nothing lost, nothing half-done.
    const acknowledged = [
      emailOf('slow'),
      ...outcomes.flatMap((outcome, index) => (isSuccess(outcome) ? [emailOf(index)] : [])),
    ];
    const before = readDatabaseFile(databasePath);
    expect(before.integrity).toBe('ok');
    expect([...before.emails.keys()].sort()).toEqual([...acknowledged].sort());
    expect([...before.emails.values()].every((count) => count === 1)).toBe(true);
    expect(before.leadsWithoutOneNotification).toBe(0);
    expect(before.outbox.every((row) => row.status === 'pending')).toBe(true);

    // The mail server is back and the server starts again: every waiting email goes out, once.
    const sink = await testSmtpSink();
    const restarted = await startServer({ env: { ...env, SMTP_URL: sink.url } });
    await vi.waitFor(() => expect(sink.messages.length).toBeGreaterThanOrEqual(acknowledged.length), {
      timeout: 15_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 300)); // a few more polls: nothing is sent twice
    expect((await stopServer(restarted)).code).toBe(0);

    const after = readDatabaseFile(databasePath);
    const messageIds = sink.messages.map((mail) => mail.messageId);
    expect(messageIds).toHaveLength(acknowledged.length);
    expect(new Set(messageIds).size).toBe(acknowledged.length);
    expect(new Set(messageIds)).toEqual(new Set(after.outbox.map((row) => row.message_id)));
    expect(after.outbox.every((row) => row.status === 'sent')).toBe(true);
  }, 60_000);
});
