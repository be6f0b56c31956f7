import type { FastifyInstance } from 'fastify';
import type { AccountRepository } from '../accounts/account-repository.ts';
import type { Config } from '../config/config.ts';
import { isLoopbackHost } from '../config/config-values.ts';
import type { Storage } from '../db/database.ts';
import { mailDomain } from '../mail/mail-address.ts';
import { createClamdScanner } from '../security/clamd-scanner.ts';
import { createMailboxWatcher, type MailboxWatcher } from './mailbox-watcher.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Watches IMAP_URL's mailbox for clients' answers (one instance at a time); undefined without IMAP_URL. */
    mailboxWatcher: MailboxWatcher | undefined;
  }
}

/**
 * How answers' files are checked: the quote form's limits, and clamd at CLAMD_URL (a file waits at
 * most ANSWER_SCAN_TIMEOUT_MS, then is kept "not scanned yet"; without CLAMD_URL, "not scanned").
 */
const ANSWER_SCAN_TIMEOUT_MS = 10_000;
function answerFileChecks(config: Config) {
  const { clamdUrl, limits } = config.attachments;
  const scanner = clamdUrl ? createClamdScanner(clamdUrl, { timeoutMs: ANSWER_SCAN_TIMEOUT_MS }) : undefined;
  return { scanner, limits };
}

/**
 * With IMAP_URL, the watcher of the company mailbox: started with the outbox's workers (it queues the
 * staff emails of answers), stopped with the app (releaseOnClose). Staff are every account's email.
 */
export function addMailboxWatcher(
  app: FastifyInstance,
  options: {
    config: Config;
    storage: Storage;
    accounts: Pick<AccountRepository, 'list'>;
    now: () => Date;
    start: boolean;
  },
) {
  const { config, now, start } = options;
  const watcher = config.imapUrl
    ? createMailboxWatcher({
        storage: options.storage,
        imapUrl: config.imapUrl,
        log: app.log.child({ component: 'mailbox-watcher' }),
        now,
        // The staff not revoked (the lead's owner is told, or all of them); before the first account, MAIL_TO.
        staff: async () => {
          const accounts = (await options.accounts.list())
            .filter(({ account }) => account.revoked_at === null)
            .map(({ account }) => ({
              id: account.id,
              email: account.email,
              answerEmails: account.answer_emails === 1,
            }));
          return accounts.length > 0
            ? accounts
            : config.mail.to.map((email) => ({ id: null, email, answerEmails: true }));
        },
        mailDomain: mailDomain(config.mail.from),
        authservId: config.mail.authservId,
        isLoopbackHost,
        files: answerFileChecks(config),
        jobs: app.jobs,
      })
    : undefined;
  app.decorate('mailboxWatcher', watcher);
  if (watcher && start) app.addHook('onReady', async () => watcher.start());
}
