/**
 * Who may call what in the inbox's API, written out by hand: the oracle that the contract's `access`
 * (common/inbox-api/) and the running server are both checked against, so that a wrong policy in the
 * contract fails a test instead of being copied into what the test expects. Why each line is what it is:
 * docs/decisions/057-who-may-call-what-in-the-inbox.md. A new endpoint needs a line here.
 *
 * "anyone": no session needed (signing in, accepting an invitation); "admin, member": any signed-in
 * account, whatever its role; "admin": an admin only (a member gets 403 "admin-only"). Another site's
 * request is refused (403 "cross-site") on every line, "anyone" included.
 */
export type Callers = 'anyone' | 'admin, member' | 'admin';

export const WHO_MAY_CALL_WHAT: Readonly<Record<string, Callers>> = {
  // Before there is a session.
  'POST /invitation': 'anyone',
  'POST /invitation/options': 'anyone',
  'POST /invitation/accept': 'anyone',
  'POST /sign-in/options': 'anyone',
  'POST /sign-in': 'anyone',

  // One's own account, session and passkeys.
  'GET /me': 'admin, member',
  'POST /sign-out': 'admin, member',
  'POST /sign-out-everywhere': 'admin, member',
  'POST /passkeys/options': 'admin, member',
  'POST /passkeys': 'admin, member',
  'POST /verify/options': 'admin, member',
  'POST /verify': 'admin, member',
  'DELETE /passkeys/:id': 'admin, member',
  'GET /account/preferences': 'admin, member',
  'POST /account/preferences': 'admin, member',

  // The dashboard, the banner of the helper services, the people a lead can be given to.
  'GET /dashboard': 'admin, member',
  'GET /helpers': 'admin, member',
  'GET /people': 'admin, member',

  // Working the leads: every lead, not only one's own.
  'GET /leads': 'admin, member',
  'GET /leads/:id': 'admin, member',
  'POST /leads/:id/owner': 'admin, member',
  'POST /leads/:id/status': 'admin, member',
  'POST /leads/:id/notes': 'admin, member',
  'POST /leads/:id/spam': 'admin, member',
  'POST /leads/:id/retry': 'admin, member',
  'GET /leads/:id/attachments/:attachmentId': 'admin, member',
  'GET /leads/:id/conversation': 'admin, member',
  'POST /leads/:id/replies': 'admin, member',
  'POST /leads/:id/conversation/read': 'admin, member',
  'GET /leads/:id/follow-up': 'admin, member',
  'POST /leads/:id/follow-up': 'admin, member',
  'DELETE /leads/:id/follow-up': 'admin, member',
  'GET /follow-ups': 'admin, member',
  'GET /saved-replies': 'admin, member',
  // Taking the leads out or away, and the team's shared texts.
  'GET /leads/export.csv': 'admin',
  'DELETE /leads/:id': 'admin',
  'POST /saved-replies': 'admin',
  'POST /saved-replies/:id': 'admin',
  'DELETE /saved-replies/:id': 'admin',

  // The emails waiting or given up on.
  'GET /outbox': 'admin, member',
  'POST /outbox/:id/retry': 'admin, member',
  'POST /outbox/retry-dead': 'admin, member',

  // The activity log.
  'GET /activity': 'admin, member',

  // The newsletter's list: seen by everyone, taken out or removed by an admin.
  'GET /subscribers': 'admin, member',
  'GET /subscribers/export.csv': 'admin',
  'DELETE /subscribers/:id': 'admin',

  // Campaigns: an admin's alone.
  'GET /campaigns': 'admin',
  'POST /campaigns': 'admin',
  'GET /campaigns/:id': 'admin',
  'POST /campaigns/:id': 'admin',
  'POST /campaigns/preview': 'admin',
  'GET /campaigns/:id/preview.html': 'admin',
  'POST /campaigns/:id/test': 'admin',
  'GET /campaigns/audience': 'admin',
  'POST /campaigns/:id/send': 'admin',
  'POST /campaigns/:id/schedule': 'admin',
  'POST /campaigns/:id/unschedule': 'admin',
  'POST /campaigns/:id/pause': 'admin',
  'POST /campaigns/:id/resume': 'admin',
  'POST /campaigns/:id/cancel': 'admin',
  'GET /campaigns/:id/failures': 'admin',
  'POST /campaigns/:id/retry-failed': 'admin',

  // Settings: an admin's alone.
  'GET /settings/assignment': 'admin',
  'POST /settings/assignment': 'admin',
  'GET /settings/integrations': 'admin',
  'POST /settings/integrations': 'admin',
  'POST /settings/integrations/:id': 'admin',
  'POST /settings/integrations/:id/rotate-secret': 'admin',
  'POST /settings/integrations/:id/test': 'admin',
  'GET /settings/integrations/:id/deliveries': 'admin',
  'DELETE /settings/integrations/:id': 'admin',
  'GET /settings/auto-reply': 'admin',
  'POST /settings/auto-reply': 'admin',
  'POST /settings/auto-reply/preview': 'admin',

  // The team's accounts and roles: an admin's alone.
  'GET /team': 'admin',
  'POST /team/invitations': 'admin',
  'POST /team/:id/role': 'admin',
  'POST /team/:id/revoke': 'admin',

  // The Website section: the public site's copy, its drafts, publishing, roll back and photos.
  'GET /website': 'admin',
  'GET /website/pages/:page': 'admin',
  'POST /website/pages/:page': 'admin',
  'POST /website/publish': 'admin',
  'GET /website/releases': 'admin',
  'POST /website/releases/:id/roll-back': 'admin',
  'POST /website/photos': 'admin',
};

/** The lines of the table as calls: method, path (with `:name` parameters) and who may make them. */
export const tableLines = () =>
  Object.entries(WHO_MAY_CALL_WHAT).map(([line, callers]) => {
    const [method = '', path = ''] = line.split(' ');
    return { line, method: method as 'GET' | 'POST' | 'DELETE', path, callers };
  });
