import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';

const clusters: PostgresCluster[] = [];
afterEach(async () => {
  for (const cluster of clusters.splice(0)) await cluster.destroy();
});

async function started(options?: Parameters<typeof startPostgresCluster>[0]) {
  const cluster = await startPostgresCluster(options);
  clusters.push(cluster);
  return cluster;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!findPostgresBin())('a throw-away PostgreSQL cluster', () => {
  it('gives each test its own empty UTF-8 database, on loopback', async () => {
    const cluster = await started();
    const first = await cluster.createDatabase();
    const second = await cluster.createDatabase();
    expect(first).not.toBe(second);
    expect(first).toMatch(new RegExp(`^postgres://postgres@127\\.0\\.0\\.1:${cluster.port}/test_`));

    await query(first, 'CREATE TABLE leads (name text)');
    await query(first, 'INSERT INTO leads VALUES ($1)', ['ਗੁਰਪ੍ਰੀਤ']);
    expect(await query(first, 'SELECT name FROM leads')).toEqual([{ name: 'ਗੁਰਪ੍ਰੀਤ' }]);
    expect(await query(second, "SELECT to_regclass('leads') AS found")).toEqual([{ found: null }]);

    // A UTF-8 locale, so that PostgreSQL takes Gurmukhi and Devanagari letters for letters (pg_trgm's trigrams are made of letters).
    const [settings] = await query(
      second,
      "SELECT pg_encoding_to_char(encoding) AS encoding, datctype, 'ਗ' ~ '^\\w$' AND 'ग' ~ '^\\w$' AS letters FROM pg_database WHERE datname = current_database()",
    );
    expect(settings).toEqual({ encoding: 'UTF8', datctype: expect.stringMatching(/utf-?8/i), letters: true });
  });

  it('stops, starts again on the same port with the data kept, survives a crash, and is removed', async () => {
    const cluster = await started();
    const url = await cluster.createDatabase();
    await query(url, 'CREATE TABLE leads (name text)');
    await query(url, "INSERT INTO leads VALUES ('before the stop')");

    await cluster.stop();
    await expect(query(url, 'SELECT 1')).rejects.toThrow(/ECONNREFUSED/);
    await cluster.start();
    await query(url, "INSERT INTO leads VALUES ('before the crash')");

    await cluster.kill();
    await expect(query(url, 'SELECT 1')).rejects.toThrow(/ECONNREFUSED/);
    await cluster.start();
    expect(await query(url, 'SELECT name FROM leads ORDER BY name')).toEqual([
      { name: 'before the crash' },
      { name: 'before the stop' },
    ]);

    await cluster.destroy();
    expect(existsSync(cluster.dir)).toBe(false);
    await expect(query(url, 'SELECT 1')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('says why it did not start, with the end of the server log, and leaves nothing behind', async () => {
    const port = await freePort();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const failure = await startPostgresCluster({ port }).catch((error: unknown) => error as Error);
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toMatch(
        new RegExp(`did not start on port ${port}[\\s\\S]*postgres\\.log:[\\s\\S]*could not bind`),
      );
      const dir = /(\/\S+)\/postgres\.log:/.exec((failure as Error).message)?.[1];
      expect(dir && existsSync(dir)).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('without PostgreSQL programs', () => {
  it('says which programs are missing and how to get them', async () => {
    const saved = process.env.PG_BIN;
    process.env.PG_BIN = '/nonexistent/postgresql/bin';
    try {
      expect(findPostgresBin()).toBeUndefined();
      await expect(startPostgresCluster()).rejects.toThrow(
        /initdb\/pg_ctl.*apt-get install postgresql.*PG_BIN/,
      );
    } finally {
      if (saved === undefined) delete process.env.PG_BIN;
      else process.env.PG_BIN = saved;
    }
  });
});
