/**
 * The server's log as a person at a terminal reads it (development, stdout a TTY): one line per entry,
 * "14:05:09 INFO  message (key: value, …)", a request as "14:05:10 GET /about 200 2.1 ms", an error
 * with its stack below. In production, or piped to a file or a collector, the lines stay pino's JSON.
 * Hand-written instead of pino-pretty: these few lines, no dependency and no worker thread.
 */

const LEVELS: Record<number, { name: string; colour: string }> = {
  10: { name: 'TRACE', colour: '\u001b[90m' },
  20: { name: 'DEBUG', colour: '\u001b[90m' },
  30: { name: 'INFO ', colour: '\u001b[36m' },
  40: { name: 'WARN ', colour: '\u001b[33m' },
  50: { name: 'ERROR', colour: '\u001b[31m' },
  60: { name: 'FATAL', colour: '\u001b[31m' },
};
const RESET = '\u001b[39m';

/** What every line carries and the readable line already says (or need not). */
const SAID = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'err',
  'req',
  'res',
  'responseTime',
]);

interface Entry {
  level?: number;
  time?: number;
  msg?: string;
  err?: { message?: string; stack?: string };
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  [key: string]: unknown;
}

const clock = (time: number | undefined) => new Date(time ?? Date.now()).toTimeString().slice(0, 8);

function details(entry: Entry): string {
  const pairs = Object.entries(entry)
    .filter(([key]) => !SAID.has(key))
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return pairs.length > 0 ? ` (${pairs.join(', ')})` : '';
}

/** One pino JSON line (with its newline) as a readable one; a line that is not JSON passes unchanged. */
export function readableLine(line: string, colours = false): string {
  let entry: Entry;
  try {
    entry = JSON.parse(line) as Entry;
  } catch {
    return line;
  }
  const level = LEVELS[entry.level ?? 30] ?? { name: String(entry.level), colour: '' };
  const name = colours ? `${level.colour}${level.name}${RESET}` : level.name;
  if (entry.req && entry.res && entry.responseTime !== undefined) {
    const { method = '', url = '' } = entry.req;
    return `${clock(entry.time)} ${name} ${method} ${url} ${entry.res.statusCode ?? ''} ${entry.responseTime.toFixed(1)} ms\n`;
  }
  const error = entry.err?.stack ?? entry.err?.message;
  return `${clock(entry.time)} ${name} ${entry.msg ?? ''}${details(entry)}\n${error ? `${error}\n` : ''}`;
}

/** Whether the log should be readable lines: outside production, written to a terminal. */
export function wantsReadableLog(production: boolean, stdout: { isTTY?: boolean } = process.stdout): boolean {
  return !production && stdout.isTTY === true;
}
