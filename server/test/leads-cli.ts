import { runLeadsCommand } from '../leads-command.ts';
import type { Config } from '../config.ts';

/** Runs the leads command as of `now`, and returns its exit code and what it printed. */
export async function runLeadsAt(now: Date, config: Config, ...args: string[]) {
  let out = '';
  let err = '';
  const io = { out: (text: string) => void (out += text), err: (text: string) => void (err += text) };
  const code = await runLeadsCommand(args, config, io, now);
  return { code, out, err };
}

/** Runs the leads command now. */
export const runLeads = (config: Config, ...args: string[]) => runLeadsAt(new Date(), config, ...args);
