/**
 * Writes a sent campaign straight into the end-to-end server's database, as the sending leaves one
 * (status 'sent', a slug, its start and end), for the archive's tests: the sending engine is not
 * what they test.
 */
import { randomUUID } from 'node:crypto';
import { openSqlite } from '../../server/db/sqlite-open.ts';
import { E2E_DATABASE_PATH } from './e2e-env.ts';

export interface SeededCampaign {
  subject: string;
  preheader: string;
  bodyMarkdown: string;
  /** Unique to the test: the desktop and mobile projects run side by side on one server. */
  slug: string;
  status: 'sent' | 'draft' | 'paused';
  publishInArchive: boolean;
  finishedAt: string;
}

export function seedCampaign(seed: Partial<SeededCampaign> & { subject: string }): SeededCampaign {
  const campaign: SeededCampaign = {
    preheader: `What is in ${seed.subject}`,
    bodyMarkdown: `Hello **readers**.`,
    slug: `${seed.subject.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomUUID().slice(0, 8)}`,
    status: 'sent',
    publishInArchive: true,
    finishedAt: new Date().toISOString(),
    ...seed,
  };
  const db = openSqlite(E2E_DATABASE_PATH, { timeout: 10_000, fileMustExist: true });
  try {
    db.prepare(
      `insert into campaigns (subject, preheader, body_markdown, status, publish_in_archive, slug, created_by,
         created_at, updated_at, version, started_at, finished_at)
       values (?, ?, ?, ?, ?, ?, 'staff@example.com', ?, ?, 1, ?, ?)`,
    ).run(
      campaign.subject,
      campaign.preheader,
      campaign.bodyMarkdown,
      campaign.status,
      campaign.publishInArchive ? 1 : 0,
      campaign.slug,
      campaign.finishedAt,
      campaign.finishedAt,
      campaign.finishedAt,
      campaign.status === 'sent' ? campaign.finishedAt : null,
    );
  } finally {
    db.close();
  }
  return campaign;
}
