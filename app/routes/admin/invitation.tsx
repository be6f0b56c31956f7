import { redirect, type ShouldRevalidateFunctionArgs, useFetcher } from 'react-router';
import { inboxPaths } from '../../../common/inbox-paths';
import { inboxApi } from '../../../common/inbox-api/endpoints';
import { ApiFailure, callApi } from '../../components/admin/api';
import { buttonClass } from '../../components/admin/buttons';
import { Icon } from '../../components/admin/icons';
import { adminMeta } from '../../components/admin/meta';
import { Notice } from '../../components/admin/notice';
import { ceremonies, passkeyMessage, passkeyMessages, register } from '../../components/admin/passkeys';
import { AFTER_SIGN_IN, rememberSession } from '../../components/admin/sign-in-reasons';
import { SubmitButton } from '../../components/admin/submit-button';
import { adminPages } from '../../content/admin-pages';
import type { Route } from './+types/invitation';

export const meta = () => adminMeta(adminPages.invitation);

/** The token is the link's fragment (/admin/invitation#<token>), which never reaches a server's log. */
function tokenFromAddress(): string {
  const fragment = window.location.hash.slice(1);
  try {
    return decodeURIComponent(fragment).trim();
  } catch {
    return fragment;
  }
}

type Invitation =
  { state: 'open'; email: string } | { state: 'unknown' } | { state: 'gone' } | { state: 'replaced' };

/** A 410: the link was used or has expired, or a newer invitation replaced it (or it was withdrawn). */
const goneState = (error: ApiFailure) => (error.code === 'invitation-withdrawn' ? 'replaced' : 'gone');

export async function clientLoader(): Promise<Invitation> {
  const token = tokenFromAddress();
  if (!token) return { state: 'unknown' };
  try {
    const { email } = await callApi(inboxApi.account.checkInvitation, { body: { token } });
    return { state: 'open', email };
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return { state: 'unknown' };
    if (error instanceof ApiFailure && error.status === 410) return { state: goneState(error) };
    throw error;
  }
}

/** The post below changes nothing to read again (and must keep the address's fragment, the token). */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

/** "Create passkey": the browser makes a passkey for the account, the server keeps it and signs the person in. */
export async function clientAction() {
  const token = tokenFromAddress();
  try {
    await register(ceremonies.invitation(token));
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 410) return { error: goneState(error) };
    return { error: passkeyMessage(error, passkeyMessages.createCancelled) };
  }
  rememberSession();
  return redirect(AFTER_SIGN_IN);
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}

const askAgain = 'Ask whoever invited you for a new invitation, then open the link in its email.';

export default function InvitationPage({ loaderData }: Route.ComponentProps) {
  // A fetcher, not a navigation: the address (and its fragment, the token) stays as it is.
  const fetcher = useFetcher<typeof clientAction>();
  const creating = fetcher.state !== 'idle';
  const error = fetcher.data?.error;

  if (loaderData.state === 'unknown') {
    return (
      <Card title="This invitation link does not work">
        <p className="mt-3 text-slate-600">
          The link is not known: it may be incomplete (open the whole link from the email).
        </p>
        <p className="mt-3 text-slate-600">{askAgain}</p>
      </Card>
    );
  }
  if (loaderData.state === 'replaced' || error === 'replaced') {
    return (
      <Card title="This invitation link was replaced">
        <p className="mt-3 text-slate-600">
          A newer invitation was made for this address, or this one was withdrawn: only the newest link works.
          Open the newest invitation link you were sent. If you cannot find one, ask whoever invited you for a
          new invitation.
        </p>
      </Card>
    );
  }
  if (loaderData.state === 'gone' || error === 'gone') {
    return (
      <Card title="This invitation has been used or has expired">
        <p className="mt-3 text-slate-600">An invitation link works once, for a limited time. {askAgain}</p>
        <p className="mt-3 text-slate-600">
          Already created a passkey with it?{' '}
          <a href={inboxPaths.signIn} className={buttonClass.link}>
            Sign in
          </a>
          .
        </p>
      </Card>
    );
  }
  return (
    <Card title="Join the inbox">
      <p className="mt-3 text-slate-600">
        This invitation is for{' '}
        <strong className="font-semibold break-words text-ink">{loaderData.email}</strong>.
      </p>
      <p className="mt-3 text-slate-600">
        Create a passkey on this device: from now on its fingerprint, face or screen lock signs you in. There
        is no password to remember.
      </p>
      <fetcher.Form method="post" className="mt-6 space-y-4">
        <SubmitButton
          pending={creating}
          pendingLabel="Waiting for your passkey…"
          className={`${buttonClass.primary} w-full`}
        >
          <Icon name="key" className="size-5" />
          Create passkey
        </SubmitButton>
        <Notice tone="error">{error}</Notice>
      </fetcher.Form>
    </Card>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';
