import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { outboxReads, outboxWrites } from './lib/outbox-writes.ts';

/**
 * Who may write the outbox's rows: the outbox itself. Tests and their helpers (server/test/, the fault
 * tests, e2e) and the benchmarks' seeders (bench/) set up rows as they need. Two features' migrations
 * shipped before this rule and are never edited: they moved rows when SQLite could not alter the table.
 */
const ALLOWED = [
  /^server\/outbox\//,
  /\.test\.tsx?$/,
  /^server\/test\//,
  /^server\/fault-tests\//,
  /^e2e\//,
  /^bench\//,
  /^server\/newsletter\/campaign-migrations\.ts$/,
  /^server\/leads\/quote-migrations\.ts$/,
];

function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.ts', '*.tsx'],
    { encoding: 'utf8' },
  );
  return listed.split('\n').filter((file) => file !== '' && existsSync(file));
}

describe('the outbox owns its rows', () => {
  it('finds a write to its tables however it is spelt', () => {
    const offending = [
      "await trx.insertInto('outbox').values(row).execute();",
      'await trx.updateTable("outbox").set({ status: "held" }).execute();',
      "trx.deleteFrom('outbox as o').where('o.id', '=', 1)",
      "db.mergeInto('outbox').using('x', 'x.id', 'outbox.id')",
      "trx\n  .updateTable(\n    'outbox_throttle'\n  )",
      'await sql`update outbox set status = ${status}`.execute(trx);',
      'await query(url, \'UPDATE "outbox" SET claimed_until = $1\', []);',
      'sql`insert into outbox (kind) select kind from elsewhere`',
      'sql`insert or replace into outbox_throttle values (1)`',
      'sql`delete from outbox where id = 1`',
    ];
    for (const snippet of offending) expect(outboxWrites(snippet), snippet).toHaveLength(1);
  });

  it('lets reads, comments, other tables and prose-like names through', () => {
    const fine = [
      "await db.selectFrom('outbox').selectAll().execute();",
      '// the campaign used to update outbox rows itself',
      '/* delete from outbox where … */',
      "trx.insertInto('outbox_next')",
      'sql`insert into outbox_next (id) select id from outbox`',
      "trx.updateTable('outboxes')",
      'const updated = outbox.length;',
    ];
    for (const snippet of fine) expect(outboxWrites(snippet), snippet).toEqual([]);
  });

  it('is written only by server/outbox/, never by a feature', () => {
    const writes = sourceFiles()
      .filter((file) => !ALLOWED.some((pattern) => pattern.test(file)))
      .flatMap((file) => outboxWrites(readFileSync(file, 'utf8')).map((write) => `${file} ${write}`));
    expect(writes, 'Call an operation of server/outbox/ (outbox-rows.ts, owner-changes.ts) instead').toEqual(
      [],
    );
  });

  it('finds a read of its table, through Kysely or SQL, and nothing else', () => {
    const reads = [
      "await db.selectFrom('outbox').selectAll().execute();",
      "db.selectFrom('quote_requests').innerJoin('outbox', 'outbox.id', 'x.id')",
      'sql`select count(*) from outbox where status = ${status}`',
      'sql`select 1 from quote_requests q join "outbox" o on o.id = q.id`',
    ];
    for (const snippet of reads) expect(outboxReads(snippet), snippet).toHaveLength(1);
    const fine = [
      "db.selectFrom(messagesAbout(db, 'lead').as('m'))",
      "db.selectFrom('outbox_throttle')",
      '// read from outbox rows',
      'const from = outbox.length;',
    ];
    for (const snippet of fine) expect(outboxReads(snippet), snippet).toEqual([]);
  });

  it('is read by features only through messagesAbout (owner-messages.ts), never by its table', () => {
    const reads = sourceFiles()
      .filter((file) => !ALLOWED.some((pattern) => pattern.test(file)))
      .filter((file) => !/-migrations\.ts$/.test(file))
      .flatMap((file) => outboxReads(readFileSync(file, 'utf8')).map((read) => `${file} ${read}`));
    expect(reads, 'Read through messagesAbout (server/outbox/owner-messages.ts) instead').toEqual([]);
  });
});
