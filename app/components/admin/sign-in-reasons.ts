import { inboxPaths } from '../../../common/inbox-paths';

/** Why the sign-in page was opened, shown there as a message. */
export type SignInReason = 'expired' | 'required' | 'signed-out' | 'signed-out-everywhere';

export const signInMessages: Record<SignInReason, string> = {
  expired: 'Your session has ended. Sign in again to carry on where you were.',
  required: 'Sign in to open the inbox.',
  'signed-out': 'You have signed out.',
  'signed-out-everywhere': 'You have signed out on every device.',
};

/** Whether a session worked in this tab since it was loaded: a 401 after that means it ended. */
let hadSession = false;

export function rememberSession() {
  hadSession = true;
}

/** The reason to give when a call answers 401. */
export function unauthenticatedReason(): SignInReason {
  return hadSession ? 'expired' : 'required';
}

export function forgetSession() {
  hadSession = false;
}

/** Where signing in leads when no other page was asked for: the dashboard, the first view of the inbox. */
export const AFTER_SIGN_IN = inboxPaths.dashboard;

/** The sign-in page, with where to go afterwards (unless it is the usual first view) and why the person is there. */
export function signInHref(next?: string, reason?: SignInReason): string {
  const query = new URLSearchParams();
  if (next && next !== AFTER_SIGN_IN) query.set('next', next);
  if (reason) query.set('reason', reason);
  const search = query.toString();
  return search ? `${inboxPaths.signIn}?${search}` : inboxPaths.signIn;
}

export function isSignInReason(value: string | null): value is SignInReason {
  return value !== null && Object.hasOwn(signInMessages, value);
}

/**
 * Where to go after signing in: the `next` parameter when it is a page of the inbox on this origin
 * (never another site, never the sign-in page itself), else the dashboard.
 */
export function safeNext(next: string | null, origin: string): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return AFTER_SIGN_IN;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return AFTER_SIGN_IN;
  }
  const inAdmin = url.pathname === inboxPaths.leads || url.pathname.startsWith(`${inboxPaths.leads}/`);
  const apiOrSignIn =
    url.pathname.startsWith(`${inboxPaths.leads}/api/`) || url.pathname === inboxPaths.signIn;
  if (url.origin !== origin || !inAdmin || apiOrSignIn) return AFTER_SIGN_IN;
  return `${url.pathname}${url.search}`;
}
