import type { FastifyBaseLogger } from 'fastify';
import type { HelperStatus } from '../common/inbox-api/helper-endpoints.ts';
import type { Config } from './config/config.ts';
import { isLoopbackHost } from './config/config-values.ts';
import { imapTarget } from './conversations/imap-connection.ts';
import type { MailboxWatcher } from './conversations/mailbox-watcher.ts';
import { createClamdScanner } from './security/clamd-scanner.ts';
import { SCANNER_PING_MS, scannerStatus } from './attachments/scanner-status.ts';
import { mailboxStatus } from './conversations/mailbox-status.ts';

/**
 * The scanner and the mailbox now (for the inbox's banner; /readyz asks each feature's readiness check):
 * clamd by its PING, the mailbox by mailboxStatus. Never rejects.
 */
export function helperStatus(
  config: Pick<Config, 'attachments'>,
  watcher: () => MailboxWatcher | undefined,
): () => Promise<HelperStatus> {
  const scanner = scannerStatus(config);
  return async () => {
    const [status, mailbox] = await Promise.all([scanner(), mailboxStatus(watcher())]);
    return { scanner: status, mailbox };
  };
}

/** IMAP_URL as the logs may name it: without its password. */
function mailboxName(imapUrl: string): string {
  try {
    return imapTarget(imapUrl, isLoopbackHost).mailbox;
  } catch {
    return 'an IMAP_URL that cannot be used';
  }
}

/**
 * At start, which scanner and which mailbox the server uses, or that there is none: a helper that is
 * missing or down is never silent. A scanner set up but not answering is a warning (files are then
 * held as "not scanned yet" until it answers).
 */
export async function logHelperServices(
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  config: Pick<Config, 'attachments' | 'imapUrl' | 'production'>,
): Promise<void> {
  const { clamdUrl } = config.attachments;
  const noScanner = 'no virus scanner: files are kept not scanned (CLAMD_URL is not set)';
  if (!clamdUrl) (config.production ? log.warn : log.info).call(log, noScanner);
  else if (await createClamdScanner(clamdUrl, { timeoutMs: SCANNER_PING_MS }).ping())
    log.info({ scanner: clamdUrl }, `virus scanner: clamd at ${clamdUrl}`);
  else
    log.warn(
      { scanner: clamdUrl },
      `virus scanner: clamd at ${clamdUrl} does not answer; files are held as "not scanned yet" until it does`,
    );
  if (config.imapUrl) {
    const mailbox = mailboxName(config.imapUrl);
    log.info({ mailbox }, `mailbox: clients' answers are read from ${mailbox}`);
  } else log.info("no mailbox: clients' answers are not read (IMAP_URL is not set)");
}
