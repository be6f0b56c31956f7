import type { Config } from '../config/config.ts';
import type { Storage } from '../db/database.ts';
import type { Mailer } from '../mail/outgoing-mail.ts';
import type { OutboxRepository } from '../outbox/outbox-repository.ts';
import { redisHealth, type Redis } from '../security/redis-client.ts';
import { backupKindOf } from '../db/backup-target.ts';
import { listBackups } from './backups.ts';

/*
 * The core's parts of /readyz (ops/health-routes.ts's Readiness), each built once from the bag of what
 * the app holds and asked on every request; the features add theirs (the scanner, the mailbox).
 */

/** Whether a write transaction can start (the server is "not ready" otherwise), and which database. */
export function databaseReadiness({ storage }: { storage: Pick<Storage, 'canWrite' | 'kind'> }) {
  return async () => ({
    database: (await storage.canWrite()) ? ('ok' as const) : ('unavailable' as const),
    databaseKind: storage.kind,
  });
}

/** The outbox's emails waiting and dead (null when the database cannot say). */
export function outboxReadiness({
  outbox,
  now,
}: {
  outbox: Pick<OutboxRepository, 'health'>;
  now: () => Date;
}) {
  return async () => ({ outbox: await outbox.health(now()).catch(() => null) });
}

/** Where the mail goes: an SMTP server, .eml files, or the database. */
export function mailReadiness({ mailer }: { mailer: Pick<Mailer, 'kind'> }) {
  return async () => ({ mail: mailer.kind === 'file' ? ('files' as const) : mailer.kind });
}

/** The newest backup of this database in BACKUP_DIR, whoever took it: this server or `npm run backup`. */
export function backupReadiness({ config }: { config: Pick<Config, 'backup' | 'database'> }) {
  return async () => ({
    lastBackupAt: listBackups(config.backup.dir, backupKindOf(config.database))[0]?.at.toISOString() ?? null,
  });
}

/** Only reported, and only with REDIS_URL: without Redis, quotes are still taken (unlimited), only sign-in is refused. */
export function redisReadiness({ redis }: { redis: Redis | undefined }) {
  return async (): Promise<{ redis?: 'ok' | 'unavailable' }> =>
    redis ? { redis: await redisHealth(redis) } : {};
}
