import { option, UsageError } from '../cli/cli-args.ts';
import { JOBS_USAGE, runJobsCommand } from '../jobs/job-list.ts';
import { jobRecords } from '../jobs/job-records.ts';
import { removeMailFiles } from '../mail/mailer.ts';
import { runSubscribersCommand, SUBSCRIBERS_USAGE } from '../newsletter/subscribers-command.ts';
import { OUTBOX_COMMANDS_USAGE, runOutboxCommand } from '../outbox/outbox-commands.ts';
import { LEAD_COMMANDS_USAGE, runLeadCommand } from '../leads/lead-commands.ts';
import type { StoreCommand } from './store-command.ts';

const DATABASE_NOTE = 'The database is DATABASE_PATH (default data/site.db).';

export const LEADS_USAGE = `Usage: npm run leads -- <command>

${LEAD_COMMANDS_USAGE}
  delete --email <address>                delete every record of this address (a data-subject request):
                                          its quote requests, its newsletter subscription, their emails

${DATABASE_NOTE} For a clean CSV on
standard output use: npm run --silent leads -- export > leads.csv
The emails: npm run outbox -- help. The newsletter's subscribers: npm run subscribers -- help.
`;

/** `npm run leads`: the quote requests, and `delete --email`, which forgets an address everywhere. */
export const leadsCommand: StoreCommand = {
  name: 'leads',
  usage: LEADS_USAGE,
  async run([command = '', ...rest], { stores, mailDir, io, now }) {
    if (command === 'delete') {
      const email = option(rest, '--email');
      if (!email || !email.includes('@')) throw new UsageError('delete needs --email <address>.');
      const removed = await stores.leads.deleteByEmail(email);
      const subscriber = await stores.subscribers.deleteByEmail(email);
      const files = removeMailFiles(mailDir, [...removed.messageIds, ...subscriber.messageIds]);
      io.out(
        `Deleted ${removed.ids.length} quote requests, ${subscriber.count} newsletter subscribers, ${removed.outboxRows + subscriber.outboxRows} outbox rows and ${files} mail files of ${email}.\n`,
      );
      return 0;
    }
    const code = await runLeadCommand(command, rest, {
      leads: stores.leads,
      mailDir,
      io,
      now,
      conversationFigures: (ids) => stores.conversations.figuresOf(ids),
    });
    if (code === undefined) throw new UsageError(`Unknown command "${command}".`);
    return code;
  },
};

export const OUTBOX_USAGE = `Usage: npm run outbox -- <command>

${OUTBOX_COMMANDS_USAGE}

${DATABASE_NOTE}
`;

/** `npm run outbox`: the emails waiting, sent and dead. */
export const outboxCommand: StoreCommand = {
  name: 'outbox',
  usage: OUTBOX_USAGE,
  run: (args, { stores, mailDir, io, now }) =>
    runOutboxCommand(args, { outbox: stores.outbox, mailDrop: stores.mailDrop, mailDir, io, now }),
};

export const SUBSCRIBERS_COMMAND_USAGE = `Usage: npm run subscribers -- <command>

${SUBSCRIBERS_USAGE}

${DATABASE_NOTE} For a clean CSV on
standard output use: npm run --silent subscribers -- export > subscribers.csv
`;

/** `npm run subscribers`: the newsletter's list. */
export const subscribersCommand: StoreCommand = {
  name: 'subscribers',
  usage: SUBSCRIBERS_COMMAND_USAGE,
  run: (args, { stores, mailDir, io, now }) =>
    runSubscribersCommand(args, { subscribers: stores.subscribers, mailDir, io, now }),
};

/** `npm run jobs`: the server's scheduled jobs and their last runs (server/jobs/). */
export const jobsCommand: StoreCommand = {
  name: 'jobs',
  usage: JOBS_USAGE,
  run: (args, { stores, io, now }) =>
    runJobsCommand(args, { list: jobRecords(stores.storage).list, io, now }),
};
