import type { FastifyInstance } from 'fastify';
import { hasBearerToken, isFromThisMachine } from './readiness-access.ts';

/** What /readyz reports: no personal data, no secret. */
export interface Readiness {
  /** "ok" when a write transaction can start; the server answers 503 otherwise. */
  database: 'ok' | 'unavailable';
  /** Which database: "sqlite" (DATABASE_PATH) or "postgres" (DATABASE_URL). */
  /** "sqlite" or "postgres" (Storage.kind). */
  databaseKind: string;
  outbox: { pending: number; oldestPendingSeconds: number | null; dead: number } | null;
  /**
   * "files" or "database" when there is no SMTP server: emails are not sent, only written as .eml
   * files (SQLite) or kept in the database (PostgreSQL).
   */
  mail: 'smtp' | 'files' | 'database';
  /** The newest backup, or null when there is none. */
  lastBackupAt: string | null;
  /**
   * Whether Redis (REDIS_URL) answers; absent without it. Never makes the server unready: without
   * it quotes and sign-ups are still taken, without their rate limits, and only sign-in gets 503.
   */
  redis?: 'ok' | 'unavailable';
  /**
   * The virus scanner (CLAMD_URL): "none" without it, "ok" when clamd answers PING within a second,
   * "unavailable" otherwise. Never makes the server unready: quotes are still taken, their files held
   * as "not scanned yet" and scanned once clamd answers; and every instance shares the one clamd, so
   * taking them out of the proxy would refuse every visitor instead of delaying some scans.
   */
  scanner: 'none' | 'ok' | 'unavailable';
  /**
   * The company mailbox (IMAP_URL): "none" without it, "connected" while answers are read,
   * "not-connected" otherwise. Never makes the server unready either: the site and replies go on.
   */
  mailbox: 'none' | 'connected' | 'not-connected';
}

export interface HealthOptions {
  readiness: () => Promise<Readiness>;
  /** READYZ_TOKEN: `Authorization: Bearer <token>` gets /readyz's details from anywhere. */
  detailsToken?: string | undefined;
}

/**
 * GET /healthz: 200 while the process runs (for a supervisor deciding on a
 * restart; it never depends on the database, and is answered even under
 * pressure). GET /readyz: whether the server can do its work (for a load
 * balancer or a monitor): 200, or 503 when the database cannot be written.
 * Everyone gets the status; the details (whether mail is set up, the outbox,
 * the last backup, Redis, the scanner, the mailbox) only a request from this
 * machine or one with the token. A helper service down (Redis, the scanner,
 * the mailbox) is a detail, never "not ready": the instance still takes quotes.
 */
export async function healthRoutes(app: FastifyInstance, { readiness, detailsToken }: HealthOptions) {
  app.get('/healthz', { config: { pressureHandler: () => undefined } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', async (request, reply) => {
    const report = await readiness();
    const status = report.database === 'ok' ? 'ready' : 'not ready';
    const details =
      isFromThisMachine(request) || (detailsToken !== undefined && hasBearerToken(request, detailsToken));
    return reply
      .code(status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(details ? { status, ...report } : { status });
  });
}
