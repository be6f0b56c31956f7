import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router';
import { inboxPaths } from '../../../common/inbox-paths';
import { ApiFailure } from './api';
import { buttonClass } from './buttons';
import { Icon } from './icons';
import { useMaybeMe } from './me';
import { PageHeader } from './page-header';

interface Described {
  title: string;
  message: string;
  /** Whether asking again can help (not for something that is gone). */
  retry: boolean;
  /** A bug in the page rather than an answer of the server. */
  unexpected: boolean;
}

function describeError(error: unknown): Described {
  if (error instanceof ApiFailure) {
    if (error.status === 0)
      return { title: 'No connection to the server', message: error.message, retry: true, unexpected: false };
    if (error.status === 404)
      return { title: 'Not found', message: error.message, retry: false, unexpected: false };
    if (error.status === 403 && error.code === 'admin-only')
      return {
        title: 'Only admins can open this page',
        message:
          'Your account is a member’s: you work the leads. Ask an admin of your team if you need this page.',
        retry: false,
        unexpected: false,
      };
    if (error.status === 403)
      return { title: 'Not allowed', message: error.message, retry: true, unexpected: false };
    if (error.status >= 500)
      return { title: 'The server had a problem', message: error.message, retry: true, unexpected: false };
    return { title: 'This could not be loaded', message: error.message, retry: true, unexpected: false };
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return {
      title: 'Page not found',
      message: 'There is no page of the inbox at this address.',
      retry: false,
      unexpected: false,
    };
  }
  return {
    title: 'This page could not be shown',
    message:
      'Something went wrong in the page itself. Reload it; if this happens again, tell whoever looks after the website.',
    retry: true,
    unexpected: true,
  };
}

/**
 * What an inbox page shows instead of itself when it could not be loaded: what went wrong, in words,
 * and a way to try again or to go back to the inbox. Never a blank screen.
 */
export function RouteError({ error }: { error: unknown }) {
  const revalidator = useRevalidator();
  const signedIn = useMaybeMe() !== undefined;
  const { title, message, retry, unexpected } = describeError(error);
  useEffect(() => {
    // A bug is worth a line in the console; the server's answers are shown, not logged.
    if (unexpected) console.error(error);
  }, [error, unexpected]);
  const retrying = revalidator.state === 'loading';
  return (
    <div className="container-page">
      <PageHeader title={title} />
      <div className="mt-4 max-w-2xl rounded-xl border border-red-200 bg-white p-5 sm:p-6">
        <p className="flex items-start gap-3 text-slate-700">
          <Icon name="alert" className="mt-1 size-5 text-red-700" />
          <span>{message}</span>
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          {retry && (
            <button
              type="button"
              className={buttonClass.primary}
              aria-disabled={retrying || undefined}
              onClick={() => {
                if (unexpected) window.location.reload();
                else if (!retrying) void revalidator.revalidate();
              }}
            >
              <Icon name="retry" />
              {retrying ? 'Trying again…' : 'Try again'}
            </button>
          )}
          <Link to={signedIn ? inboxPaths.leads : inboxPaths.signIn} className={buttonClass.secondary}>
            {signedIn ? 'Back to the inbox' : 'Go to sign in'}
          </Link>
        </div>
      </div>
    </div>
  );
}

/** A route module's ErrorBoundary: `export { AdminErrorBoundary as ErrorBoundary }`. */
export function AdminErrorBoundary() {
  return <RouteError error={useRouteError()} />;
}
