/** Reading the command line and writing tables, for the operator commands. */
import { parseArgs } from 'node:util';

/** Where a command writes: its output, and its messages to the operator. */
export interface CommandIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** A mistake in the command line: the usage is shown, exit code 2. */
export class UsageError extends Error {}

/**
 * The value of an option, `--name value` or `--name=value`, read by node:util's parseArgs (the other
 * options and the positional arguments are the command's own business); undefined when it is not given.
 */
export function option(args: string[], name: `--${string}`): string | undefined {
  const key = name.slice(2);
  const { values } = parseArgs({
    args,
    options: { [key]: { type: 'string' } },
    strict: false,
    allowPositionals: true,
  });
  const value = values[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.startsWith('--')) throw new UsageError(`${name} needs a value.`);
  return value;
}

export function positiveInteger(text: string | undefined, what: string): number {
  if (text === undefined || !/^\d+$/.test(text) || Number(text) < 1) {
    throw new UsageError(
      `${what} must be a whole number of at least 1${text === undefined ? '' : `, got "${text}"`}.`,
    );
  }
  return Number(text);
}

export function oneOf<T extends string>(
  text: string | undefined,
  allowed: readonly T[],
  what: string,
): T | undefined {
  if (text === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(text)) {
    throw new UsageError(`${what} must be one of ${allowed.join(', ')}, got "${text}".`);
  }
  return text as T;
}

/** A table with columns padded to their widest cell (cut at 40 characters). */
export function table(header: string[], rows: string[][]): string {
  const cut = (text: string) => {
    const line = text.replace(/\s+/g, ' ');
    return line.length > 40 ? `${line.slice(0, 39)}…` : line;
  };
  const cells = [header, ...rows.map((row) => row.map(cut))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  return `${cells
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')}\n`;
}
