import { browserSupportsWebAuthnAutofill, WebAuthnAbortService } from '@simplewebauthn/browser';
import { useEffect, useId, useState } from 'react';
import { Form, redirect, useNavigate, useNavigation } from 'react-router';
import { buttonClass } from '../../components/admin/buttons';
import { Icon } from '../../components/admin/icons';
import { adminMeta } from '../../components/admin/meta';
import { Notice } from '../../components/admin/notice';
import {
  authenticate,
  ceremonies,
  CeremonyCancelled,
  isUnknownPasskey,
  passkeyMessage,
  passkeyMessages,
} from '../../components/admin/passkeys';
import {
  isSignInReason,
  rememberSession,
  safeNext,
  signInMessages,
} from '../../components/admin/sign-in-reasons';
import { SubmitButton } from '../../components/admin/submit-button';
import { adminPages } from '../../content/admin-pages';
import type { Route } from './+types/sign-in';

export const meta = () => adminMeta(adminPages.signIn);

function signInError(error: unknown): string {
  if (isUnknownPasskey(error)) return passkeyMessages.unknownPasskey;
  return passkeyMessage(error, passkeyMessages.signInCancelled);
}

/** Where to go once signed in: `next` when it is a page of the inbox, else the dashboard. */
function nextOf(url: string): string {
  return safeNext(new URL(url).searchParams.get('next'), window.location.origin);
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const reason = new URL(request.url).searchParams.get('reason');
  return { reason: isSignInReason(reason) ? reason : undefined };
}

/** The button: the browser's passkey dialog, then the signed-in page asked for. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  try {
    await authenticate(ceremonies.signIn());
  } catch (error) {
    return { error: signInError(error) };
  }
  rememberSession();
  return redirect(nextOf(request.url));
}

/**
 * Passkey autofill: while the page is open, the browser offers the person's passkeys in the email
 * field's suggestions (conditional mediation); picking one signs in. The button's ceremony replaces
 * this one, which starts again after it.
 */
function usePasskeyAutofill(restartKey: unknown): string | undefined {
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let active = true;
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill()) || !active) return;
      try {
        await authenticate(ceremonies.signIn(), true);
      } catch (failure) {
        // Cancelled (the button's ceremony took over, or the page was left): nothing to say.
        if (active && !(failure instanceof CeremonyCancelled)) setError(signInError(failure));
        return;
      }
      if (!active) return;
      rememberSession();
      void navigate(nextOf(window.location.href), { replace: true });
    })();
    return () => {
      active = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [navigate, restartKey]);
  return error;
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const signingIn =
    navigation.state === 'submitting' || (navigation.state === 'loading' && navigation.formMethod === 'POST');
  const autofillError = usePasskeyAutofill(actionData);
  const error = actionData?.error ?? autofillError;
  const hintId = useId();
  const reasonMessage = loaderData.reason && signInMessages[loaderData.reason];
  const reasonIsGood = loaderData.reason === 'signed-out' || loaderData.reason === 'signed-out-everywhere';

  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
          Sign in to the inbox
        </h1>
        <p className="mt-2 text-slate-600">
          Staff sign in with a passkey: the fingerprint, face or screen lock of this device, or a security
          key.
        </p>
        {reasonMessage && (
          <div className="mt-5">
            {reasonIsGood ? (
              <Notice tone="success">{reasonMessage}</Notice>
            ) : (
              <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950">
                {reasonMessage}
              </p>
            )}
          </div>
        )}
        <Form method="post" className="mt-6 space-y-5" noValidate>
          <div>
            <label htmlFor="sign-in-email" className="block font-medium text-ink">
              Email
            </label>
            <input
              id="sign-in-email"
              name="username"
              type="email"
              autoComplete="username webauthn"
              aria-describedby={hintId}
              className="mt-1.5 min-h-11 w-full rounded-lg border border-slate-300 px-3 text-ink focus:border-brand-600"
            />
            <p id={hintId} className="mt-1.5 text-sm text-slate-600">
              Your browser may offer your passkey when you choose this field. You can also just press the
              button.
            </p>
          </div>
          <SubmitButton
            pending={signingIn}
            pendingLabel="Waiting for your passkey…"
            className={`${buttonClass.primary} w-full`}
          >
            <Icon name="key" className="size-5" />
            Sign in with a passkey
          </SubmitButton>
          <Notice tone="error">{error}</Notice>
        </Form>
        <p className="mt-6 border-t border-slate-200 pt-5 text-sm text-slate-600">
          No passkey yet? Ask whoever runs the inbox for an invitation: its link lets you create one.
        </p>
      </div>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';
