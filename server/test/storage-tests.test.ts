import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { opensStorage, postgresTestFiles, SQLITE_ONLY_BY_CHOICE } from './storage-tests.ts';

describe('the tests that run on PostgreSQL too', () => {
  it('include every test that opens storage, however it does', () => {
    expect(opensStorage(`const { app } = await testApp();`)).toBe(true);
    expect(opensStorage(`const stores = await openStores(config);`)).toBe(true);
    expect(opensStorage(`import { startInstances } from './instances.ts';`)).toBe(true);
    expect(opensStorage(`await migratedTo(database, '2026-11-28-620-first-contact');`)).toBe(true);
    expect(opensStorage(`expect(campaignSlug('a', 1)).toBe('a-1');`)).toBe(false);
    const files = postgresTestFiles();
    expect(files).toContain('server/leads/quote-routes.test.ts');
    expect(files).toContain('server/ops/db-copy-command.test.ts');
    expect(files).not.toContain('server/outbox/backoff.test.ts');
  });

  it('leave out by choice only files that exist, each with its reason', () => {
    for (const [file, reason] of Object.entries(SQLITE_ONLY_BY_CHOICE)) {
      expect(existsSync(file), file).toBe(true);
      expect(reason.length, file).toBeGreaterThan(10);
      expect(postgresTestFiles()).not.toContain(file);
      // A test only PostgreSQL runs would never run at all.
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/postgresOnly|testDatabase !== 'postgres'/);
    }
  });
});
