/**
 * Several instances of the built server (build/node/server/main.js) on one PostgreSQL database of a
 * throw-away cluster, as a load balancer would have them (the same SITE_URL, each on its own loopback
 * port), and an admin signed in on all of them: for the spec and the benchmark of publishing the website.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CompanyDetails } from '../../common/site-content/company-details.ts';
import type { FaqContent } from '../../common/site-content/site-content.ts';
import { loadConfig } from '../../server/config/config.ts';
import { tablesOf } from '../../server/db/tables-of.ts';
import type { AccountTables } from '../../server/accounts/admin-tables.ts';
import { freePort } from '../../server/test/free-port.ts';
import { startPostgresCluster } from '../../server/test/postgres-cluster.ts';
import {
  BUILT_SERVER,
  type RunningServer,
  startServer,
  stopServer,
} from '../../server/test/server-process.ts';
import { openStores } from '../../server/stores.ts';

export interface WebsiteInstances {
  /** Each instance's origin, e.g. http://127.0.0.1:41234; the first is SITE_URL too. */
  readonly urls: readonly string[];
  readonly siteUrl: string;
  /** The admin's session token (the `__Host-session` cookie's value), valid on every instance. */
  readonly token: string;
  /** Stops the instances and removes the cluster. */
  stop(): Promise<void>;
}

/** Starts `count` instances one after another (the first migrates), then signs an admin in. */
export async function startWebsiteInstances(count: number): Promise<WebsiteInstances> {
  const dir = mkdtempSync(join(tmpdir(), 'website-instances-'));
  const cluster = await startPostgresCluster();
  const servers: RunningServer[] = [];
  const stop = async () => {
    for (const server of servers) await stopServer(server);
    await cluster.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const databaseUrl = await cluster.createDatabase('website');
    const ports: number[] = [];
    for (let index = 0; index < count; index++) ports.push(await freePort());
    // One SITE_URL for all, as behind a load balancer: the first's, so that its pages name their own origin.
    const siteUrl = `http://127.0.0.1:${ports[0]}`;
    const env = (index: number) => ({
      HOST: '127.0.0.1',
      PORT: String(ports[index]),
      SITE_URL: siteUrl,
      SITE_DIR: resolve('build/client'),
      DATABASE_URL: databaseUrl,
      DATABASE_PATH: join(dir, `instance-${index}`, 'site.db'),
      BACKUP_DIR: join(dir, `instance-${index}`, 'backups'),
      MAIL_DIR: join(dir, `instance-${index}`, 'mail'),
      LOG_LEVEL: 'info',
      OUTBOX_POLL_MS: '3600000',
    });
    for (let index = 0; index < count; index++) {
      const logFile = join(dir, `instance-${index}.log`);
      servers.push(await startServer({ ...BUILT_SERVER, env: env(index), logFile }));
    }
    const token = await signedInAdmin(env(0));
    return { urls: servers.map((server) => server.url), siteUrl, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** An admin account and a session of it, straight into the database the instances share. */
async function signedInAdmin(env: Record<string, string>): Promise<string> {
  const stores = await openStores(loadConfig(env));
  try {
    const { id } = await tablesOf<AccountTables>(stores.storage.db)
      .insertInto('admin_accounts')
      .values({
        email: 'editor@acme.example',
        user_handle: 'ZWRpdG9y',
        created_at: new Date().toISOString(),
        revoked_at: null,
        last_sign_in_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return await stores.sessions.start(id, new Date());
  } finally {
    await stores.close();
  }
}

/** The Website section's calls, as the inbox makes them, to one instance. */
export function websiteApi(url: string, { token, siteUrl }: Pick<WebsiteInstances, 'token' | 'siteUrl'>) {
  const headers = {
    cookie: `__Host-session=${token}`,
    origin: siteUrl,
    accept: 'application/json',
  };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}/admin/api${path}`, {
      method,
      ...(body === undefined
        ? { headers }
        : { headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    /** Saves the FAQ's first answer as `answer`, over the saved version, as a draft. */
    async saveFaqAnswer(answer: string): Promise<void> {
      const page = await call<{ content: FaqContent; version: string }>('GET', '/website/pages/faq');
      const [first, ...rest] = page.content.items;
      if (!first) throw new Error('The FAQ has no question');
      const content = { ...page.content, items: [{ ...first, answer: [answer] }, ...rest] };
      await call('POST', '/website/pages/faq', { content, version: page.version });
    },
    /** Saves the company's name as a draft (every page shows it). */
    async saveCompanyName(name: string): Promise<void> {
      const page = await call<{ content: CompanyDetails; version: string }>('GET', '/website/pages/company');
      await call('POST', '/website/pages/company', {
        content: { ...page.content, name },
        version: page.version,
      });
    },
    publish: () => call<{ release: { id: number } }>('POST', '/website/publish'),
  };
}
