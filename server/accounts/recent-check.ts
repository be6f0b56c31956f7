import type { AdminSession } from './admin-tables.ts';
import { ApiProblem } from './api-problem.ts';

/** Adding or removing a passkey needs a passkey check this recent. */
const VERIFY_WINDOW_MS = 5 * 60 * 1000;

/** Until when the session's last passkey check counts as recent (ms), or 0 without one. */
export function verifiedUntil(session: AdminSession): number {
  return session.verified_at ? Date.parse(session.verified_at) + VERIFY_WINDOW_MS : 0;
}

/** Refuses (403 "verify", the page then asks for a passkey) unless the session's check is recent. */
export function requireRecentCheck(session: AdminSession, at: Date): void {
  if (verifiedUntil(session) < at.getTime()) {
    throw new ApiProblem(403, 'verify', 'Confirm it is you with a passkey first.');
  }
}
