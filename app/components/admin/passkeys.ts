import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';
import type { CreationCeremony, Me, RequestCeremony } from '../../../common/inbox-api/account-endpoints';
import { inboxApi } from '../../../common/inbox-api/endpoints';
import { ApiFailure, callApi, NETWORK_FAILURE_MESSAGE } from './api';

/** The person closed the browser's passkey dialog, or the browser cut the ceremony short. */
export class CeremonyCancelled extends Error {
  override name = 'CeremonyCancelled';
}

/** The check that it is the person (a passkey asked for before adding or removing one) was cancelled. */
export class CheckCancelled extends CeremonyCancelled {
  override name = 'CheckCancelled';
}

/** The browser could not do the ceremony (no passkey support, a passkey already on this device, ...). */
class PasskeyFailure extends Error {
  override name = 'PasskeyFailure';
}

function causeName(error: WebAuthnError): string | undefined {
  return error.cause instanceof Error ? error.cause.name : undefined;
}

/** The browser's refusal in the page's terms. */
function ceremonyError(error: unknown): Error {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_CEREMONY_ABORTED') return new CeremonyCancelled(error.message);
    // NotAllowedError: the person cancelled, the dialog timed out, or no passkey of theirs is here.
    if (['NotAllowedError', 'AbortError'].includes(causeName(error) ?? ''))
      return new CeremonyCancelled(error.message);
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
      return new PasskeyFailure('This device already holds a passkey for this account. Use it to sign in.');
    }
    return new PasskeyFailure(`The browser could not use a passkey (${error.message}).`);
  }
  if (error instanceof Error && ['NotAllowedError', 'AbortError'].includes(error.name)) {
    return new CeremonyCancelled(error.message);
  }
  return error instanceof Error ? error : new PasskeyFailure(String(error));
}

/** A ceremony's two posts to the API: the options (to make a passkey, or to use one), then the browser's answer. */
interface Ceremony<Options extends CreationCeremony | RequestCeremony> {
  options: () => Promise<Options>;
  answer: (flow: string, response: Record<string, unknown>) => Promise<Me>;
}

const { account } = inboxApi;

/**
 * The ceremonies of the inbox. `from`: a signed-in page's request (a 401 then sends the person to
 * sign in, see callApi).
 */
export const ceremonies = {
  signIn: (): Ceremony<RequestCeremony> => ({
    options: () => callApi(account.signInOptions),
    answer: (flow, response) => callApi(account.signIn, { body: { flow, response } }),
  }),
  invitation: (token: string): Ceremony<CreationCeremony> => ({
    options: () => callApi(account.invitationOptions, { body: { token } }),
    answer: (flow, response) => callApi(account.acceptInvitation, { body: { token, flow, response } }),
  }),
  verify: (from: Request): Ceremony<RequestCeremony> => ({
    options: () => callApi(account.verifyOptions, { from }),
    answer: (flow, response) => callApi(account.verify, { body: { flow, response }, from }),
  }),
  addPasskey: (from: Request): Ceremony<CreationCeremony> => ({
    options: () => callApi(account.passkeyOptions, { from }),
    answer: (flow, response) => callApi(account.addPasskey, { body: { flow, response }, from }),
  }),
};

function ensureSupport() {
  if (!browserSupportsWebAuthn()) {
    throw new PasskeyFailure(
      'This browser cannot use passkeys. Open the inbox in an up-to-date Chrome, Edge, Safari or Firefox.',
    );
  }
}

/** Signs in, or confirms it is the person, with a passkey of theirs; `autofill` offers it in the email field. */
export async function authenticate(ceremony: Ceremony<RequestCeremony>, autofill = false): Promise<Me> {
  ensureSupport();
  const { flow, options } = await ceremony.options();
  let response;
  try {
    response = await startAuthentication({
      optionsJSON: options,
      useBrowserAutofill: autofill,
    });
  } catch (error) {
    throw ceremonyError(error);
  }
  return ceremony.answer(flow, { ...response });
}

/** Creates a passkey on this device for the account. */
export async function register(ceremony: Ceremony<CreationCeremony>): Promise<Me> {
  ensureSupport();
  const { flow, options } = await ceremony.options();
  let response;
  try {
    response = await startRegistration({
      optionsJSON: options,
    });
  } catch (error) {
    throw ceremonyError(error);
  }
  return ceremony.answer(flow, { ...response });
}

/**
 * Runs a change that needs a recent passkey check (adding or removing a passkey). When the server
 * asks for one first (403 "verify"), the person confirms it is them with a passkey, then the change
 * is asked for again.
 */
export async function withPasskeyCheck<T>(change: () => Promise<T>, from: Request): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof ApiFailure && error.status === 403 && error.code === 'verify')) throw error;
  }
  try {
    await authenticate(ceremonies.verify(from));
  } catch (error) {
    throw error instanceof CeremonyCancelled ? new CheckCancelled(error.message) : error;
  }
  return change();
}

export const passkeyMessages = {
  signInCancelled:
    'Signing in was cancelled, or no passkey was chosen. Press “Sign in with a passkey” to try again.',
  unknownPasskey:
    'This passkey is not registered for the inbox. Choose the passkey you created from your invitation, or ask a colleague for a new invitation.',
  tooMany: 'Too many attempts. Wait a few minutes, then try again.',
  createCancelled: 'Creating the passkey was cancelled. Press “Create passkey” to try again.',
  addCancelled: 'Adding a passkey was cancelled. Nothing was changed.',
  addCheckCancelled: 'The passkey was not added: the check that it is you was cancelled.',
  verifyCancelled: 'The passkey was not removed: the check that it is you was cancelled.',
} as const;

/** A sentence for the person about a ceremony that did not succeed. */
export function passkeyMessage(error: unknown, cancelled: string): string {
  if (error instanceof CeremonyCancelled) return cancelled;
  if (error instanceof ApiFailure) {
    if (error.status === 429) return passkeyMessages.tooMany;
    if (error.status === 0) return NETWORK_FAILURE_MESSAGE;
    return error.message;
  }
  if (error instanceof PasskeyFailure) return error.message;
  return 'Something went wrong with the passkey. Try again.';
}

/** Whether the sign-in post refused the passkey itself (not one of the inbox's, or revoked). */
export function isUnknownPasskey(error: unknown): boolean {
  return (
    error instanceof ApiFailure &&
    (error.code === 'unknown-passkey' || error.status === 401 || error.status === 404)
  );
}
