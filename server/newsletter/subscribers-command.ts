import { DATABASE_NOTE, type StoreCommand } from '../cli/command.ts';
import { oneOf, option, positiveInteger, table, UsageError, type CommandIo } from '../cli/cli-args.ts';
import { writeCsv } from '../cli/csv.ts';
import { removeMailFiles } from '../mail/mailer.ts';
import { SUBSCRIBER_STATUSES, type Subscriber, type SubscriberStatus } from './newsletter-tables.ts';
import { subscribersCsv } from './subscriber-export.ts';
import { importFile } from './subscriber-import-command.ts';
import type { SubscriberRepository } from './subscriber-repository.ts';

const SUBSCRIBERS_USAGE = `  list [--status <status>] [--limit <n>]   the newest newsletter subscribers (status: ${SUBSCRIBER_STATUSES.join(', ')})
  export [--status <status>] [--out <file>]
                                          the subscribers as CSV, e.g. --status confirmed for a mailing
  import <file.csv>                       add subscribers who consented elsewhere, as confirmed: a header line
                                          email,consented_at,source (ISO date or date-time with zone); never
                                          adds back an address that unsubscribed
  delete --email <address>                delete a subscriber, its links and its emails
  purge --older-than <days>               delete sign-ups never confirmed, older than this many days`;

export interface SubscribersContext {
  subscribers: SubscriberRepository;
  mailDir: string;
  io: CommandIo;
  now: Date;
}

const minute = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');

const listRow = (subscriber: Subscriber) => [
  String(subscriber.id),
  subscriber.email,
  subscriber.status,
  minute(subscriber.created_at),
  minute(subscriber.confirmed_at),
  minute(subscriber.unsubscribed_at),
  subscriber.source_page,
];

/** `npm run subscribers -- …`: the newsletter's list. Returns the exit code. */
async function runSubscribersCommand(
  args: string[],
  { subscribers, mailDir, io, now }: SubscribersContext,
): Promise<number> {
  const [command, ...rest] = args;
  const status = () => oneOf<SubscriberStatus>(option(rest, '--status'), SUBSCRIBER_STATUSES, '--status');
  switch (command) {
    case 'list': {
      const limitText = option(rest, '--limit');
      const limit = limitText === undefined ? 50 : positiveInteger(limitText, '--limit');
      const chosen = status();
      const rows = await subscribers.list({ ...(chosen ? { status: chosen } : {}), limit });
      if (rows.length === 0) io.out('No subscribers.\n');
      else
        io.out(
          table(
            ['id', 'email', 'status', 'signed up (UTC)', 'confirmed', 'unsubscribed', 'page'],
            rows.map(listRow),
          ),
        );
      return 0;
    }
    case 'export': {
      const chosen = status();
      const rows = await subscribers.all(chosen ? { status: chosen } : {});
      const csv = subscribersCsv(rows);
      writeCsv(csv, option(rest, '--out'), io, `${rows.length} subscribers`);
      return 0;
    }
    case 'import':
      return importFile(rest[0], { subscribers, io, now });
    case 'delete': {
      const email = option(rest, '--email');
      if (!email || !email.includes('@')) throw new UsageError('subscribers delete needs --email <address>.');
      const removed = await subscribers.deleteByEmail(email);
      const files = removeMailFiles(mailDir, removed.messageIds);
      io.out(
        `Deleted ${removed.count} subscribers, ${removed.outboxRows} outbox rows and ${files} mail files of ${email}.\n`,
      );
      return 0;
    }
    case 'purge': {
      const days = positiveInteger(option(rest, '--older-than'), '--older-than <days>');
      const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
      const removed = await subscribers.purgePending(cutoff);
      const files = removeMailFiles(mailDir, removed.messageIds);
      io.out(
        `Deleted ${removed.count} sign-ups never confirmed since before ${cutoff.toISOString()}, ${removed.outboxRows} outbox rows and ${files} mail files.\n`,
      );
      return 0;
    }
    default:
      throw new UsageError(
        command
          ? `Unknown command "${command}".`
          : 'subscribers needs list, export, import, delete or purge.',
      );
  }
}

export const SUBSCRIBERS_COMMAND_USAGE = `Usage: npm run subscribers -- <command>

${SUBSCRIBERS_USAGE}

${DATABASE_NOTE} For a clean CSV on
standard output use: npm run --silent subscribers -- export > subscribers.csv
`;

/** `npm run subscribers`: the newsletter's list. */
export const subscribersCommand: StoreCommand<Pick<SubscribersContext, 'subscribers'>> = {
  name: 'subscribers',
  opens: 'stores',
  usage: SUBSCRIBERS_COMMAND_USAGE,
  run: (args, { stores, mailDir, io, now }) =>
    runSubscribersCommand(args, { subscribers: stores.subscribers, mailDir, io, now }),
};
