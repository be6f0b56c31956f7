/**
 * A migration PostgreSQL refuses says why, and what to do: PostgreSQL 15 and later let only the
 * database's owner create tables in schema public, so a role that does not own its database could
 * not start the server or db:copy, and learnt only "Database migration failed".
 */
import { describe, expect, it } from 'vitest';
import { migrations } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { roleWithoutCreate } from '../test/postgres-role.ts';
import { testConfig } from '../test/test-app.ts';
import { openStorage } from './database.ts';

describe.skipIf(testDatabase !== 'postgres')('a migration PostgreSQL refuses', () => {
  it("names PostgreSQL's error and how to give the role its database", async () => {
    const { database } = testConfig();
    const url = await roleWithoutCreate(database.url ?? '');
    const role = new URL(url).username;
    const name = new URL(url).pathname.slice(1);

    const opening = openStorage({ ...database, url, migrations });
    await expect(opening).rejects.toThrow(/permission denied for schema public/);
    const message = await opening.catch((error: Error) => error.message);
    expect(message).toContain('Database migration');
    expect(message).toContain('(PostgreSQL error 42501)');
    expect(message).toContain(`The role "${role}" may not create tables in schema public`);
    expect(message).toContain(`ALTER DATABASE "${name}" OWNER TO "${role}"`);
    expect(message).toContain('docs/deploy.md');
  });
});
