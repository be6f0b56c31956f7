import { option, UsageError, type CommandIo } from './cli/cli-args.ts';
import type { Config } from './config.ts';
import { removeMailFiles } from './mail/mailer.ts';
import { runSubscribersCommand, SUBSCRIBERS_USAGE } from './newsletter/subscribers-command.ts';
import { OUTBOX_COMMANDS_USAGE, runOutboxCommand } from './outbox/outbox-commands.ts';
import { LEAD_COMMANDS_USAGE, runLeadCommand } from './quote/lead-commands.ts';
import { openStores } from './stores.ts';

export const LEADS_USAGE = `Usage: npm run leads -- <command>

${LEAD_COMMANDS_USAGE}
  delete --email <address>                delete every record of this address (a data-subject request):
                                          its quote requests, its newsletter subscription, their emails
${OUTBOX_COMMANDS_USAGE}
${SUBSCRIBERS_USAGE}

The database is DATABASE_PATH (default data/site.db). For a clean CSV on
standard output use: npm run --silent leads -- export > leads.csv
`;

/**
 * The operator's leads command: each part of the server answers its own
 * commands; `delete --email` forgets an address everywhere. Returns the exit
 * code: 0 done, 1 not found, 2 bad usage. Never touches the mail server; a
 * retry is picked up by the running server's outbox worker.
 */
export async function runLeadsCommand(
  args: string[],
  config: Config,
  io: CommandIo,
  now = new Date(),
): Promise<number> {
  const [command, ...rest] = args;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    (command ? io.out : io.err)(LEADS_USAGE);
    return command ? 0 : 2;
  }
  const stores = await openStores(config);
  const { leads, subscribers, outbox } = stores;
  const mailDir = config.mail.dir;
  try {
    switch (command) {
      case 'outbox':
        return await runOutboxCommand(rest, { outbox, io, now });
      case 'subscribers':
        return await runSubscribersCommand(rest, { subscribers, mailDir, io, now });
      case 'delete': {
        const email = option(rest, '--email');
        if (!email || !email.includes('@')) throw new UsageError('delete needs --email <address>.');
        const removed = await leads.deleteByEmail(email);
        const subscriber = await subscribers.deleteByEmail(email);
        const files = removeMailFiles(mailDir, [...removed.messageIds, ...subscriber.messageIds]);
        io.out(
          `Deleted ${removed.ids.length} quote requests, ${subscriber.count} newsletter subscribers, ${removed.outboxRows + subscriber.outboxRows} outbox rows and ${files} mail files of ${email}.\n`,
        );
        return 0;
      }
      default: {
        const code = await runLeadCommand(command, rest, { leads, mailDir, io, now });
        if (code === undefined) throw new UsageError(`Unknown command "${command}".`);
        return code;
      }
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${LEADS_USAGE}`);
      return 2;
    }
    throw error;
  } finally {
    await stores.close();
  }
}
