import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { CreationCeremony, RequestCeremony } from '../../common/inbox-api/account-endpoints.ts';
import type { Storage } from '../db/database.ts';
import type { NewPasskey } from './passkey-rows.ts';
import type { AdminPasskey } from './admin-tables.ts';
import type { CeremonyPurpose } from './admin-tables.ts';
import { createCeremonyFlows, type Flow } from './ceremony-flows.ts';

export interface RelyingParty {
  /** Shown by the browser when it asks to make a passkey. */
  name: string;
  /** SITE_URL's host name: passkeys are bound to it. */
  id: string;
  /** SITE_URL's origin: the only page allowed to use them. */
  origin: string;
}

/** A ceremony the browser answered wrongly, or too late; the person is told to try again. */
export class CeremonyFailed extends Error {
  override name = 'CeremonyFailed';
}

/** A stored passkey as a ceremony names it to the browser. */
function descriptor(passkey: AdminPasskey) {
  return { id: passkey.id, transports: JSON.parse(passkey.transports) as string[] };
}

/** The passkey id the browser answered with, before it is looked up. */
function credentialId(response: unknown): string | undefined {
  const id = (response as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length > 0 && id.length <= 1024 ? id : undefined;
}

/** Options to make a discoverable passkey with user verification, none of `exclude` again. */
function registrationOptions(
  rp: RelyingParty,
  user: { email: string; handle: string },
  exclude: readonly AdminPasskey[],
) {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.email,
    userID: Buffer.from(user.handle, 'base64url'),
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    excludeCredentials: exclude.map(descriptor),
  });
}

/** The browser's answer to a registration, checked against its flow: the passkey it made. */
async function checkRegistration(
  rp: RelyingParty,
  flow: Flow,
  response: unknown,
  name: string,
): Promise<{ passkey: NewPasskey; userHandle: string }> {
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: flow.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    throw new CeremonyFailed('The passkey could not be checked. Please try again.', { cause: error });
  }
  if (!verification.verified) throw new CeremonyFailed('The passkey could not be checked. Please try again.');
  const { credential } = verification.registrationInfo;
  return {
    passkey: {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    },
    userHandle: flow.userHandle ?? '',
  };
}

/** The browser's signature checked with the stored passkey: the new counter to store. */
async function checkAuthentication(
  rp: RelyingParty,
  flow: Flow,
  response: unknown,
  passkey: AdminPasskey,
): Promise<number> {
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: flow.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: Buffer.from(passkey.public_key, 'base64url'),
        counter: passkey.counter,
      },
      requireUserVerification: true,
    });
  } catch (error) {
    throw new CeremonyFailed('That passkey could not be checked. Please try again.', { cause: error });
  }
  if (!verification.verified)
    throw new CeremonyFailed('That passkey could not be checked. Please try again.');
  return verification.authenticationInfo.newCounter;
}

/**
 * WebAuthn ceremonies with @simplewebauthn/server: options for the browser,
 * and the check of its answer. Passkeys are discoverable credentials with
 * user verification required. The challenge stays on the server, in the
 * database (ceremony-flows.ts), under a random flow id the page sends back, so
 * any server on the database can finish it; each flow can be finished once.
 * `from` is the request's address: each client network keeps a few open flows.
 */
export function createCeremonies(
  storage: Pick<Storage, 'write' | 'lock'>,
  rp: RelyingParty,
  now: () => Date = () => new Date(),
) {
  const flows = createCeremonyFlows(storage, now);

  /** Takes the flow out (single use); throws when it is unknown, someone else's or too old. */
  async function take(id: unknown, purpose: CeremonyPurpose, subject: string): Promise<Flow> {
    const flow = await flows.take(id);
    if (!flow || flow.purpose !== purpose || flow.subject !== subject) {
      throw new CeremonyFailed('This passkey request has expired. Please try again.');
    }
    return flow;
  }

  return {
    /** Options to make a passkey for this person; `exclude` keeps an authenticator from making a second one. */
    async registration(
      from: string,
      purpose: 'invitation' | 'add-passkey',
      subject: string,
      user: { email: string; handle: string },
      exclude: readonly AdminPasskey[] = [],
    ): Promise<CreationCeremony> {
      const options = await registrationOptions(rp, user, exclude);
      const flow = await flows.open(from, {
        challenge: options.challenge,
        purpose,
        subject,
        userHandle: user.handle,
      });
      return { flow, options: { ...options } };
    },

    /** Checks the browser's new passkey: what the server keeps of it, and the user handle it was made for. */
    async verifyRegistration(
      purpose: 'invitation' | 'add-passkey',
      subject: string,
      flowId: unknown,
      response: unknown,
      name: string,
    ): Promise<{ passkey: NewPasskey; userHandle: string }> {
      return checkRegistration(rp, await take(flowId, purpose, subject), response, name);
    },

    /**
     * Options to sign in with any passkey of this site (the browser offers the
     * person's own: discoverable credentials), or to check one of `allow`.
     */
    async authentication(
      from: string,
      purpose: 'sign-in' | 'verify',
      subject: string,
      allow?: readonly AdminPasskey[],
    ): Promise<RequestCeremony> {
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'required',
        ...(allow ? { allowCredentials: allow.map(descriptor) } : {}),
      });
      const flow = await flows.open(from, { challenge: options.challenge, purpose, subject });
      return { flow, options: { ...options } };
    },

    credentialId,

    /** Checks the browser's signature with the stored passkey; the new counter to store. */
    async verifyAuthentication(
      purpose: 'sign-in' | 'verify',
      subject: string,
      flowId: unknown,
      response: unknown,
      passkey: AdminPasskey,
    ): Promise<number> {
      return checkAuthentication(rp, await take(flowId, purpose, subject), response, passkey);
    },
  };
}

export type Ceremonies = ReturnType<typeof createCeremonies>;
