import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/config.ts';
import { runOutbox } from './operator-cli.ts';
import { testDatabase } from './database-kind.ts';
import { tempDir } from './temp-dir.ts';

/** One email kept instead of sent: its .eml file's name and text. */
export interface KeptMail {
  name: string;
  eml: string;
}

/**
 * The emails kept instead of sent (no SMTP_URL), by file name: on SQLite the
 * .eml files in MAIL_DIR; on PostgreSQL those kept in the database, as
 * `npm run outbox -- export-files` writes them out.
 */
export async function keptMail(config: Config): Promise<KeptMail[]> {
  let dir = config.mail.dir;
  if (testDatabase === 'postgres') {
    dir = join(tempDir(), 'exported');
    const exported = await runOutbox(config, 'export-files', dir);
    if (exported.code !== 0) throw new Error(`export-files failed: ${exported.err}`);
  }
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => ({ name, eml: readFileSync(join(dir, name), 'utf8') }));
}
