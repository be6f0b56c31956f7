/**
 * What runs at phone width (docs/decisions/073; it extends 066).
 *
 * Every test runs in the `desktop` project, at 1280 px. The `mobile` project (375 px, a touch screen) runs
 * only the tests whose title ends in `@phone`: those whose result can depend on the layout. That is what is
 * shown or hidden, the menus, where things are (below the navbar, in view), sideways scrolling, focus
 * rings, and every axe run (contrast, target sizes and what is shown are checked on the layout at hand),
 * and the flows a phone changes for the person (the inbox's menu, a file picked on a phone). What the server
 * or the HTML decides whatever the width runs once: titles, meta tags and structured data, valid HTML,
 * status codes and redirects, the scripts a page loads, what is stored or emailed, refusals, posts without
 * JavaScript, timers. scripts/phone-width-specs.test.ts holds the specs to the rule.
 */
export const PHONE_WIDTH_TESTS = /@phone\b/;

/**
 * Staff specs with no phone layout of their own (decision 066): none of their tests carries `@phone`, their
 * axe runs included. The inbox's phone layout (the list, a lead, an answer, a follow-up, the dashboard,
 * signing in, the page before its scripts run) is checked at 375 px by the `@phone` tests of the other staff
 * specs. The tasks below go through the same screens, or screens of settings and administration with no
 * layout of their own at phone width; running each a second time at 375 px tested the same flow again.
 * `admin-manages-the-team` checks its own screens at both widths inside one test.
 */
export const DESKTOP_ONLY_STAFF_SPECS: readonly string[] = [
  'admin-adds-a-team-photo',
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
];
