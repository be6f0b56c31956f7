import type { MailboxWatcher } from './mailbox-watcher.ts';

/** The company mailbox (IMAP_URL): "none" without it, "connected" while answers are read, "not-connected" otherwise. */
export type MailboxStatus = 'none' | 'connected' | 'not-connected';

/**
 * The mailbox as the conversations feature reports it (mailbox-health.ts): the one place its status is
 * read. Without IMAP_URL there is none. Not connected while this instance cannot connect or read
 * (`failing`) or is stopping; an instance on standby (another holds the mailbox's lease and reads it)
 * and one still connecting count as connected, so the banner is not shown on every instance but one.
 * Never rejects.
 */
export async function mailboxStatus(watcher: MailboxWatcher | undefined): Promise<MailboxStatus> {
  if (!watcher) return 'none';
  try {
    const { state } = await watcher.health();
    return state === 'failing' || state === 'stopped' ? 'not-connected' : 'connected';
  } catch {
    return 'not-connected';
  }
}

/** /readyz's `mailbox`: only reported, never "not ready" (the site and replies go on without it). */
export function mailboxReadiness({ mailboxWatcher }: { mailboxWatcher: () => MailboxWatcher | undefined }) {
  return async () => ({ mailbox: await mailboxStatus(mailboxWatcher()) });
}
