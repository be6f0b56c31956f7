/**
 * The staff specs that run at desktop width only (the `desktop` project; docs/decisions/066).
 *
 * Every visitor spec runs at 1280 and 375 px: the public site is read on phones first. The inbox's phone
 * layout (the list, a lead, an answer, a follow-up, the dashboard, signing in, the page before its
 * scripts run) is checked at 375 px by the staff specs left out of this list. The tasks below go through
 * the same screens, or screens of settings and administration with no layout of their own at phone width;
 * running each a second time at 375 px tested the same flow again and cost CI about four minutes.
 * `admin-manages-the-team` checks its own screens at both widths inside one test.
 */
export const DESKTOP_ONLY_STAFF_SPECS: readonly string[] = [
  'admin-edits-and-publishes-the-website',
  'admin-manages-the-team',
  'admin-publishes-to-two-instances-on-postgresql',
  'staff-accepts-an-invitation',
  'staff-assigns-leads',
  'staff-clears-the-outbox',
  'staff-connects-slack-and-sees-a-lead-delivered',
  'staff-downloads-a-brief',
  'staff-join-and-work-a-lead-on-the-real-server',
  'staff-manages-subscribers',
  'staff-manages-their-passkeys',
  'staff-meets-an-ended-session-or-an-error',
  'staff-reads-times-in-the-server-time-zone',
  'staff-reviews-the-activity-log',
  'staff-sees-a-client-answer',
  'staff-sends-a-campaign-to-subscribers',
  'staff-uses-only-the-keyboard',
  'staff-writes-a-campaign',
].map((name) => `**/${name}.spec.ts`);
