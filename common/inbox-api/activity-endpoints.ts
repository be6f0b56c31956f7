/** The activity log, newest first. */
import { z } from 'zod';
import { cursorQuery, endpoint, nextCursor } from './endpoint.ts';

/** What staff (or the system, or a failed sign-in) did, as the log records it. */
const ACTIVITY_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'sign-out-everywhere',
  'invitation',
  'account-created',
  'account-revoked',
  'role-changed',
  'passkey-added',
  'passkey-removed',
  'status-changed',
  'note-added',
  'spam-changed',
  'email-retried',
  'follow-up-changed',
  'owner-changed',
  'lead-deleted',
  'subscriber-deleted',
  'export',
  'campaign-created',
  'campaign-test-sent',
  'campaign-send-started',
  'campaign-scheduled',
  'campaign-unscheduled',
  'campaign-paused',
  'campaign-resumed',
  'campaign-cancelled',
  'campaign-failed-retried',
  'integration-added',
  'integration-changed',
  'integration-tested',
  'integration-secret-rotated',
  'integration-removed',
  /** By the system: a 410 Gone answer, or three days of failures. */
  'integration-disabled',
  'auto-reply-changed',
  'assignment-changed',
  'preferences-changed',
  'reply-sent',
  /** By the system: a visitor's quote refused because a file held a virus (nothing stored). */
  'virus-refused',
  'website-saved',
  'website-published',
  'website-rolled-back',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

const activityEntry = z.object({
  id: z.number(),
  at: z.string(),
  /** Who did it; null when nobody was signed in (a failed sign-in, the command line). */
  by: z.string().nullable(),
  action: z.enum(ACTIVITY_ACTIONS),
  /** A short sentence, e.g. "Lead #12: New → Contacted". */
  summary: z.string(),
  leadId: z.number().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

const activityList = z.object({ entries: z.array(activityEntry), nextCursor });

export const activityEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/activity',
    access: 'staff',
    query: z.object({ cursor: cursorQuery }),
    reply: activityList,
  }),
};
