/**
 * The helper services the server leans on, as the inbox shows them: the virus scanner (clamd at
 * CLAMD_URL) and the company mailbox (IMAP_URL). Every inbox page asks, and shows a banner while one
 * that is set up is down (docs/inbox.md).
 */
import { z } from 'zod';
import { endpoint } from './endpoint.ts';

const helperStatus = z.object({
  /** none: no CLAMD_URL (files are kept not scanned); ok: clamd answers PING; unavailable: it does not. */
  scanner: z.enum(['none', 'ok', 'unavailable']),
  /** none: no IMAP_URL; connected: answers are being read; not-connected: the mailbox cannot be reached now. */
  mailbox: z.enum(['none', 'connected', 'not-connected']),
});
export type HelperStatus = z.infer<typeof helperStatus>;

export const helperEndpoints = {
  /** Anyone signed in: a member sees the banner too (the scanner holds their leads' files). */
  status: endpoint({ method: 'GET', path: '/helpers', access: 'staff', reply: helperStatus }),
};
