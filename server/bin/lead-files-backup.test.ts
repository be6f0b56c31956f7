/**
 * Backups and restore keep the leads' files: their rows and content are in the lead's own database,
 * so the backup of that database holds them, and a restore brings them back byte for byte.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import { leadFilesRead } from '../attachments/lead-files-read.ts';
import type { Config } from '../config/config.ts';
import { restoreBackup, takeBackup } from '../ops/backups.ts';
import { restorePostgresBackup, takePostgresBackup } from '../ops/postgres-backups.ts';
import { openStores } from '../stores.ts';
import { postgresDatabaseFor, testDatabase } from '../test/database-kind.ts';
import { storeAttachment } from '../test/stored-attachment.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testConfig } from '../test/test-app.ts';

const opened: Awaited<ReturnType<typeof openStores>>[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

async function collect(content: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The content of the lead's first file, as the inbox would download it. */
async function firstFileOf(config: Config): Promise<{ name: string; content: Buffer } | undefined> {
  const stores = await openStores(config);
  try {
    const read = leadFilesRead(stores.storage.db);
    const [file] = await read.ofLead(1);
    const download = file && (await read.download(1, file.id));
    return download && { name: download.file.name, content: await collect(download.content) };
  } finally {
    await stores.close();
  }
}

/** Takes a backup of the config's database; restores it (into place, or into an empty PostgreSQL database). */
async function backupAndRestore(config: Config) {
  const at = new Date();
  const { url } = config.database;
  const backupDir = join(tempDir(), 'backups');
  const mailDir = config.mail.dir;
  if (!url) {
    const backup = takeBackup({
      databasePath: config.database.path,
      mailDir,
      backupDir,
      at,
      busyTimeoutMs: 5_000,
    });
    const restored = restoreBackup({ file: backup.file, databasePath: config.database.path, mailDir, at });
    return { backup, restored, config };
  }
  const backup = await takePostgresBackup({ url, mailDir, backupDir, at });
  const into = postgresDatabaseFor(tempDir());
  const restored = await restorePostgresBackup({ file: backup.file, url: into, mailDir });
  return { backup, restored, config: { ...config, database: { ...config.database, url: into } } };
}

describe(`backup and restore (${testDatabase})`, () => {
  it("keep a lead's files, byte for byte", async () => {
    const config = testConfig();
    const content = randomBytes(600 * 1024);
    const stores = await openStores(config);
    opened.push(stores);
    const lead = await stores.leads.store({ request: sampleQuote(), sourcePage: '/', spam: false });
    await storeAttachment(stores.storage, lead.id, { name: 'Brief – final.pdf', content });
    await stores.close();
    opened.splice(0);

    const { backup, restored, config: after } = await backupAndRestore(config);
    expect(backup.counts).toMatchObject({ lead_attachments: 1, attachment_chunks: 3 });
    expect(restored.counts).toMatchObject({ lead_attachments: 1, attachment_chunks: 3 });
    const file = await firstFileOf(after);
    expect(file?.name).toBe('Brief – final.pdf');
    expect(file?.content.equals(content)).toBe(true);
  }, 60_000);
});
