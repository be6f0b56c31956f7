import { useId, useRef } from 'react';
import { Form, redirect, useFetcher, useNavigation } from 'react-router';
import type { Me, Passkey } from '../../../common/inbox-api/account-endpoints';
import { inboxApi } from '../../../common/inbox-api/endpoints';
import { ApiFailure, callApi } from '../../components/admin/api';
import { buttonClass } from '../../components/admin/buttons';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { setFlash, takeFlash } from '../../components/admin/flash';
import { useFocusRescue } from '../../components/admin/focus';
import { formatWhen } from '../../components/admin/format';
import { Icon } from '../../components/admin/icons';
import {
  LeadTurnsForm,
  NotificationsForm,
  preferencesAction,
} from '../../components/admin/account/preference-forms';
import { Panel } from '../../components/admin/panel';
import { ACCOUNT_INTENT } from '../../components/admin/intents';
import { useMe } from '../../components/admin/me';
import { adminMeta } from '../../components/admin/meta';
import { Notice } from '../../components/admin/notice';
import { PageHeader } from '../../components/admin/page-header';
import {
  CeremonyCancelled,
  CheckCancelled,
  ceremonies,
  passkeyMessage,
  passkeyMessages,
  register,
  withPasskeyCheck,
} from '../../components/admin/passkeys';
import { forgetSession, type SignInReason, signInHref } from '../../components/admin/sign-in-reasons';
import { SubmitButton } from '../../components/admin/submit-button';
import { adminPages } from '../../content/admin-pages';
import type { Route } from './+types/account';

export const meta = () => adminMeta(adminPages.account);

const LAST_PASSKEY_MESSAGE =
  'This is your only passkey, so it cannot be removed: add another one first, so that you can still sign in.';

/** What the last action did (an action sets it, then the page is loaded again). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const preferences = await callApi(inboxApi.account.preferences, { from: request });
  return { notice: takeFlash(), preferences };
}

/** Signs out here or everywhere; a session that has already ended counts as signed out. */
async function signOut(
  endpoint: typeof inboxApi.account.signOut | typeof inboxApi.account.signOutEverywhere,
  reason: SignInReason,
) {
  try {
    await callApi(endpoint);
  } catch (error) {
    if (!(error instanceof ApiFailure && error.status === 401)) throw error;
  }
  forgetSession();
  return redirect(signInHref(undefined, reason));
}

/** Removing a passkey needs a recent passkey check: the browser asks for one first if need be. */
function removePasskey(id: string, request: Request): Promise<Me> {
  return withPasskeyCheck(
    () => callApi(inboxApi.account.removePasskey, { params: { id }, from: request }),
    request,
  );
}

/** Adding a passkey needs a recent passkey check too: it is asked for before the new passkey is made. */
function addPasskey(request: Request): Promise<Me> {
  return withPasskeyCheck(() => register(ceremonies.addPasskey(request)), request);
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  try {
    const saved = await preferencesAction(intent, form, request);
    if (saved) return saved;
    if (intent === ACCOUNT_INTENT.signOut) return await signOut(inboxApi.account.signOut, 'signed-out');
    if (intent === ACCOUNT_INTENT.signOutEverywhere) {
      return await signOut(inboxApi.account.signOutEverywhere, 'signed-out-everywhere');
    }
    if (intent === ACCOUNT_INTENT.addPasskey) {
      try {
        await addPasskey(request);
      } catch (error) {
        if (error instanceof Response) throw error;
        if (error instanceof CheckCancelled) return { error: passkeyMessages.addCheckCancelled };
        return { error: passkeyMessage(error, passkeyMessages.addCancelled) };
      }
      setFlash('Passkey added: you can now sign in with it too.');
      return { ok: true };
    }
    if (intent === ACCOUNT_INTENT.removePasskey) {
      try {
        await removePasskey(String(form.get('id')), request);
      } catch (error) {
        if (error instanceof ApiFailure && error.status === 409) return { error: LAST_PASSKEY_MESSAGE };
        if (error instanceof CeremonyCancelled) return { error: passkeyMessages.verifyCancelled };
        if (error instanceof Response) throw error;
        return { error: passkeyMessage(error, passkeyMessages.verifyCancelled) };
      }
      setFlash(`The passkey “${String(form.get('name'))}” was removed.`);
      return { ok: true };
    }
  } catch (error) {
    if (error instanceof ApiFailure) return { error: error.message };
    throw error;
  }
  return { error: 'This page asked for something it cannot do. Reload it and try again.' };
}

function PasskeyRow({ passkey, only, onlyNoteId }: { passkey: Passkey; only: boolean; onlyNoteId: string }) {
  const fetcher = useFetcher<typeof clientAction>();
  const row = useRef<HTMLLIElement>(null);
  useFocusRescue(row);
  const { timeZone } = useMe();
  return (
    <li ref={row} className="flex flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-5">
      <div className="min-w-0">
        <h3 className="font-semibold break-words text-ink">{passkey.name}</h3>
        <p className="text-sm text-slate-600">
          Added <time dateTime={passkey.createdAt}>{formatWhen(passkey.createdAt, timeZone)}</time>
          {' · '}
          {passkey.lastUsedAt ? (
            <>
              last used <time dateTime={passkey.lastUsedAt}>{formatWhen(passkey.lastUsedAt, timeZone)}</time>
            </>
          ) : (
            'never used to sign in'
          )}
        </p>
      </div>
      <ConfirmDialog
        triggerLabel={
          <>
            Remove<span className="sr-only"> the passkey {passkey.name}</span>
          </>
        }
        triggerClassName={buttonClass.dangerOutline}
        triggerDisabled={only}
        triggerDescribedBy={only ? onlyNoteId : undefined}
        title={`Remove the passkey “${passkey.name}”?`}
        confirmLabel="Remove passkey"
        pendingLabel="Removing…"
        fetcher={fetcher}
        fields={{ intent: ACCOUNT_INTENT.removePasskey, id: passkey.id, name: passkey.name }}
      >
        <p>You will no longer be able to sign in with it. Your other passkeys keep working.</p>
        <p className="text-sm text-slate-600">
          If you have not confirmed it is you in the last few minutes, the browser asks for a passkey first.
        </p>
      </ConfirmDialog>
    </li>
  );
}

function AddPasskey() {
  const fetcher = useFetcher<typeof clientAction>();
  const pending = fetcher.state !== 'idle';
  const error = fetcher.data && 'error' in fetcher.data ? fetcher.data.error : undefined;
  return (
    <fetcher.Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value={ACCOUNT_INTENT.addPasskey} />
      <SubmitButton
        pending={pending}
        pendingLabel="Waiting for your passkey…"
        className={buttonClass.primary}
      >
        <Icon name="key" />
        Add a passkey
      </SubmitButton>
      <p className="text-sm text-slate-600">
        If you have not confirmed it is you in the last few minutes, the browser asks for one of your passkeys
        first.
      </p>
      <Notice tone="error">{pending ? undefined : error}</Notice>
    </fetcher.Form>
  );
}

/** Signing out here, or everywhere (every session of the account, on every device). */
function SignOutPanel() {
  const signingOut = useNavigation().formData?.get('intent');
  return (
    <Panel title="Sign out" className="mt-6">
      <p className="mt-1 text-slate-600">
        Sign out here when you are done on a shared computer. Sign out everywhere ends every session of your
        account on every device, for example after losing a phone.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value={ACCOUNT_INTENT.signOut} />
          <SubmitButton
            pending={signingOut === ACCOUNT_INTENT.signOut}
            pendingLabel="Signing out…"
            className={buttonClass.secondary}
          >
            Sign out
          </SubmitButton>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value={ACCOUNT_INTENT.signOutEverywhere} />
          <SubmitButton
            pending={signingOut === ACCOUNT_INTENT.signOutEverywhere}
            pendingLabel="Signing out everywhere…"
            className={buttonClass.dangerOutline}
          >
            Sign out everywhere
          </SubmitButton>
        </Form>
      </div>
    </Panel>
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const me = useMe();
  const onlyNoteId = useId();
  const passkeysHeadingId = useId();
  const only = me.passkeys.length <= 1;
  const error = actionData && 'error' in actionData ? actionData.error : undefined;

  return (
    <div className="container-page">
      <PageHeader
        title="Account"
        lead={
          <>
            Signed in as <strong className="font-semibold text-ink">{me.email}</strong>.
          </>
        }
      />
      <div className="mt-4 space-y-3">
        <Notice tone="success">{loaderData.notice}</Notice>
        <Notice tone="error">{error}</Notice>
      </div>

      <section
        aria-labelledby={passkeysHeadingId}
        className="mt-6 rounded-xl border border-slate-200 bg-white"
      >
        <div className="p-5 sm:p-6">
          <h2 id={passkeysHeadingId} className="text-lg font-semibold">
            Passkeys
          </h2>
          <p className="mt-1 text-slate-600">
            You sign in with these. Add one for each device you use; remove one you no longer have.
          </p>
        </div>
        <ul className="divide-y divide-slate-200 border-y border-slate-200">
          {me.passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} only={only} onlyNoteId={onlyNoteId} />
          ))}
        </ul>
        <div className="space-y-4 p-5 sm:p-6">
          {only && (
            <p id={onlyNoteId} className="text-sm text-slate-600">
              {LAST_PASSKEY_MESSAGE}
            </p>
          )}
          <AddPasskey />
        </div>
      </section>

      <LeadTurnsForm preferences={loaderData.preferences} />
      <NotificationsForm
        preferences={loaderData.preferences}
        reminderTime={loaderData.preferences.digestAt}
      />
      <SignOutPanel />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';
