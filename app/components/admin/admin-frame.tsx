import { useEffect, useRef, type ReactNode } from 'react';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { inboxPaths } from '../../../common/inbox-paths';
import type { Me } from '../../../common/inbox-api/account-endpoints';
import { Logo } from '../../../common/logo';
import { MAIN_CONTENT_ID, SkipLink } from '../layout/skip-link';
import { focusPageHeading, trackFocus } from './focus';
import { HelperBanner } from './helper-banner';
import { ACCOUNT_INTENT } from './intents';
import { SectionNav } from './section-nav';

/** The company's mark with "Inbox", a link to the inbox: the start of every inbox page's header. */
export function InboxMark() {
  return (
    <Link to={inboxPaths.leads} className="-m-1 flex items-center gap-3 rounded-md p-1">
      <Logo />
      <span className="rounded-md bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-800">Inbox</span>
    </Link>
  );
}

function SignOutButton() {
  const navigation = useNavigation();
  const pending = navigation.formData?.get('intent') === ACCOUNT_INTENT.signOut;
  return (
    <Form method="post" action={inboxPaths.account}>
      <input type="hidden" name="intent" value={ACCOUNT_INTENT.signOut} />
      <button
        type="submit"
        aria-disabled={pending || undefined}
        className="inline-flex min-h-10 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-ink hover:bg-slate-50"
      >
        {pending ? 'Signing out…' : 'Sign out'}
      </button>
    </Form>
  );
}

/**
 * The frame of every inbox page: a skip link, the header (the company's mark with "Inbox", who is signed
 * in, Sign out, the sections), for staff a banner while the virus scanner or the mailbox is down, and the
 * main landmark. After a move to another page, focus goes to that
 * page's heading, so a screen reader announces it and Tab starts from the top of the content.
 */
export function AdminFrame({ me, children }: { me: Me | undefined; children: ReactNode }) {
  const { pathname, state } = useLocation();
  const firstPath = useRef(pathname);
  // A page that only changes its own address (a new campaign's first save) keeps the focus where it is.
  const keepFocus = (state as { keepFocus?: boolean } | null)?.keepFocus === true;
  useEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = '';
    if (!keepFocus) focusPageHeading();
  }, [pathname, keepFocus]);
  useEffect(trackFocus, []);

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="container-page flex min-h-16 flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2">
          <InboxMark />
          {me && (
            <div className="flex min-w-0 items-center gap-3">
              <p className="min-w-0 truncate text-sm text-slate-600">
                <span className="hidden sm:inline">Signed in as </span>
                <span className="sr-only sm:hidden">Signed in as </span>
                <span className="font-medium text-ink">{me.email}</span>
              </p>
              <SignOutButton />
            </div>
          )}
        </div>
        {me && <SectionNav pathname={pathname} role={me.role} />}
      </header>
      {me && <HelperBanner pathname={pathname} />}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 pb-16 outline-none">
        {children}
      </main>
    </div>
  );
}
