import { join } from 'node:path';
import { fakeSite } from '../server/test/fake-site.ts';

/**
 * The environment a bench starts the built server with: loopback on a free port, a stand-in site,
 * its database, mail and backups in `dir` (PostgreSQL when the bench runs with DATABASE_URL), and no
 * backups of its own during the run. Each bench adds what it measures.
 */
export function builtServerEnv(dir: string): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: '0',
    SITE_DIR: fakeSite(dir),
    SITE_URL: 'https://www.acme.test',
    DATABASE_PATH: join(dir, 'site.db'),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    MAIL_DIR: join(dir, 'mail'),
    BACKUP_DIR: join(dir, 'backups'),
    BACKUP_INTERVAL_HOURS: '0',
  };
}
