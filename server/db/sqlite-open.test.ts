import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A process that opens databases, prepares, iterates and closes them many times over, dropping each,
 * with enough garbage for the collector to run: on Node 24 it aborted (SIGABRT) before openSqlite kept
 * the handles.
 */
const CHURN = `
import { openSqlite } from './server/db/sqlite-open.ts';
const path = process.argv[1];
openSqlite(path).exec('create table if not exists t (a integer); insert into t values (1), (2), (3)');
for (let i = 0; i < 400; i++) {
  const db = openSqlite(path, { readonly: true });
  db.prepare('select count(*) from t').get();
  db.pragma('user_version');
  for (const row of db.prepare('select a from t').iterate()) void row;
  db.close();
  const garbage = [];
  for (let j = 0; j < 20_000; j++) garbage.push({ j });
}
console.log('done');
`;

describe('SQLite handles', () => {
  it('dropped by the hundred, with the collector running, leave the process alive (Node 24 aborted)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-open-'));
    dirs.push(dir);
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', CHURN, join(dir, 'churn.db')],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(child.stderr).not.toContain('Assertion failed');
    expect({ status: child.status, signal: child.signal, out: child.stdout.trim() }).toEqual({
      status: 0,
      signal: null,
      out: 'done',
    });
  });
});
