import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';

/** The machine a benchmark ran on: figures mean little without it. */
export function machine() {
  return {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    /** 1, 5 and 15-minute load averages when the run started: a shared machine shows here. */
    loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
  };
}

/** A plain-text table, columns padded to their widest cell; numbers aligned right. */
export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const numeric = header.map((_, column) => rows.every((row) => typeof row[column] === 'number'));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        numeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(header), rule, ...cells.slice(1).map(line)].join('\n');
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

export function saveJson(file: string, data: unknown) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}
