import type { ImapFlow, ImapFlowOptions } from 'imapflow';

export interface ImapTarget {
  options: ImapFlowOptions;
  /** The mailbox's path, e.g. INBOX. */
  path: string;
  /** The IMAP_URL without its password: mailbox_state's key, and what the logs may name. */
  mailbox: string;
}

/**
 * How to reach IMAP_URL's mailbox, under the TLS rules: imaps:// is TLS from the start; imap:// must
 * upgrade with STARTTLS (the connection fails if the server does not offer it), except to a loopback
 * host, where it may stay in plain text (the tests' Dovecot). isLoopbackHost: the config's
 * (server/config/config-values.ts), given by the server that composes the watcher.
 */
export function imapTarget(imapUrl: string, isLoopbackHost: (hostname: string) => boolean): ImapTarget {
  const url = new URL(imapUrl);
  const secure = url.protocol === 'imaps:';
  const plainAllowed = !secure && isLoopbackHost(url.hostname);
  const path = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    options: {
      host,
      port: url.port ? Number(url.port) : secure ? 993 : 143,
      secure,
      ...(secure ? {} : { doSTARTTLS: !plainAllowed }),
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
      logger: false,
      clientInfo: { name: 'quote-inbox' },
      // IDLE soon after each read (an answer shows within seconds), restarted every few minutes (some
      // servers drop a long IDLE silently).
      autoIdleDelay: 500,
      maxIdleTime: 4 * 60_000,
    },
    path,
    mailbox: `${url.protocol}//${url.username}@${url.host}/${path}`,
  };
}

/**
 * A new client for the target (not yet connected). imapflow is loaded only when a mailbox is watched
 * (IMAP_URL): every other start (and test app) is spared it (decision 072).
 */
async function imapClient(target: ImapTarget): Promise<ImapFlow> {
  const { ImapFlow } = await import('imapflow');
  return new ImapFlow(target.options);
}

/** Connects and opens the mailbox read-only (EXAMINE); the handlers are on before it connects. */
export async function openMailbox(
  target: ImapTarget,
  on: { error: (error: Error) => void; close: (client: ImapFlow) => void; exists: () => void },
): Promise<ImapFlow> {
  const client = await imapClient(target);
  client.on('error', on.error);
  client.on('close', () => on.close(client));
  client.on('exists', on.exists);
  try {
    await client.connect();
    await client.mailboxOpen(target.path, { readOnly: true });
  } catch (error) {
    client.close();
    throw error;
  }
  return client;
}
