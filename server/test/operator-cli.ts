import type { Config } from '../config/config.ts';
import { runStoreCommand } from '../bin/store-command.ts';
import type { StoreCommand } from '../cli/command.ts';
import { leadsCommand } from '../leads/leads-command.ts';
import { subscribersCommand } from '../newsletter/subscribers-command.ts';
import { outboxCommand } from '../outbox/outbox-commands.ts';

/** Runs an operator's command as of `now`, and returns its exit code and what it printed. */
async function runAt(command: StoreCommand, now: Date, config: Config, args: string[]) {
  let out = '';
  let err = '';
  const io = { out: (text: string) => void (out += text), err: (text: string) => void (err += text) };
  const code = await runStoreCommand(command, args, config, io, now);
  return { code, out, err };
}

/** `npm run leads -- …` as of `now`. */
export const runLeadsAt = (now: Date, config: Config, ...args: string[]) =>
  runAt(leadsCommand, now, config, args);
/** `npm run leads -- …` now. */
export const runLeads = (config: Config, ...args: string[]) => runLeadsAt(new Date(), config, ...args);
/** `npm run outbox -- …` as of `now`. */
export const runOutboxAt = (now: Date, config: Config, ...args: string[]) =>
  runAt(outboxCommand, now, config, args);
/** `npm run outbox -- …` now. */
export const runOutbox = (config: Config, ...args: string[]) => runOutboxAt(new Date(), config, ...args);
/** `npm run subscribers -- …` as of `now`. */
export const runSubscribersAt = (now: Date, config: Config, ...args: string[]) =>
  runAt(subscribersCommand, now, config, args);
/** `npm run subscribers -- …` now. */
export const runSubscribers = (config: Config, ...args: string[]) =>
  runSubscribersAt(new Date(), config, ...args);
