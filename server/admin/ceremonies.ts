import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { CeremonyOptions } from '../../common/inbox-api/account-endpoints.ts';
import { newToken } from '../security/tokens.ts';
import type { NewPasskey } from './passkey-rows.ts';
import type { AdminPasskey } from './admin-tables.ts';

/** What a ceremony is for; whose it is: an invitation (by its token's hash), an account or a session. */
export type CeremonyPurpose = 'invitation' | 'add-passkey' | 'sign-in' | 'verify';

interface Flow {
  challenge: string;
  purpose: CeremonyPurpose;
  /** The invitation's token hash, the account's id or the session's: nobody else's request can finish it. */
  subject: string;
  /** For a new passkey: the WebAuthn user handle it was made for. */
  userHandle?: string;
  expiresAt: number;
}

export interface RelyingParty {
  /** Shown by the browser when it asks to make a passkey. */
  name: string;
  /** SITE_URL's host name: passkeys are bound to it. */
  id: string;
  /** SITE_URL's origin: the only page allowed to use them. */
  origin: string;
}

/** How long a person has between the options and the answer (the browser's own timeout is 60 s). */
const FLOW_TTL_MS = 5 * 60 * 1000;
/** Open flows kept at most; the oldest go first (a flood of options requests cannot fill memory). */
const MAX_FLOWS = 10_000;

/** A ceremony the browser answered wrongly, or too late; the person is told to try again. */
export class CeremonyFailed extends Error {
  override name = 'CeremonyFailed';
}

/**
 * WebAuthn ceremonies with @simplewebauthn/server: options for the browser,
 * and the check of its answer. Passkeys are discoverable credentials with
 * user verification required. The challenge stays on the server, in memory,
 * under a random flow id the page sends back (a restart only makes a person
 * press the button again); each flow can be finished once.
 */
export function createCeremonies(rp: RelyingParty, now: () => Date = () => new Date()) {
  const flows = new Map<string, Flow>();

  function open(challenge: string, purpose: CeremonyPurpose, subject: string, userHandle?: string): string {
    const at = now().getTime();
    for (const [id, flow] of flows) {
      if (flow.expiresAt > at && flows.size < MAX_FLOWS) break;
      flows.delete(id);
    }
    const id = newToken();
    flows.set(id, {
      challenge,
      purpose,
      subject,
      ...(userHandle ? { userHandle } : {}),
      expiresAt: at + FLOW_TTL_MS,
    });
    return id;
  }

  /** Takes the flow out (single use); throws when it is unknown, someone else's or too old. */
  function take(id: unknown, purpose: CeremonyPurpose, subject: string): Flow {
    const flow = typeof id === 'string' ? flows.get(id) : undefined;
    if (typeof id === 'string') flows.delete(id);
    if (!flow || flow.purpose !== purpose || flow.subject !== subject || flow.expiresAt <= now().getTime()) {
      throw new CeremonyFailed('This passkey request has expired. Please try again.');
    }
    return flow;
  }

  return {
    /** Options to make a passkey for this person; `exclude` keeps an authenticator from making a second one. */
    async registration(
      purpose: 'invitation' | 'add-passkey',
      subject: string,
      user: { email: string; handle: string },
      exclude: readonly AdminPasskey[] = [],
    ): Promise<CeremonyOptions> {
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.email,
        userDisplayName: user.email,
        userID: Buffer.from(user.handle, 'base64url'),
        attestationType: 'none',
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        excludeCredentials: exclude.map((passkey) => ({
          id: passkey.id,
          transports: JSON.parse(passkey.transports) as string[],
        })),
      });
      return { flow: open(options.challenge, purpose, subject, user.handle), options: { ...options } };
    },

    /** Checks the browser's new passkey: what the server keeps of it, and the user handle it was made for. */
    async verifyRegistration(
      purpose: 'invitation' | 'add-passkey',
      subject: string,
      flowId: unknown,
      response: unknown,
      name: string,
    ): Promise<{ passkey: NewPasskey; userHandle: string }> {
      const flow = take(flowId, purpose, subject);
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
      if (!verification.verified)
        throw new CeremonyFailed('The passkey could not be checked. Please try again.');
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
    },

    /**
     * Options to sign in with any passkey of this site (the browser offers the
     * person's own: discoverable credentials), or to check one of `allow`.
     */
    async authentication(
      purpose: 'sign-in' | 'verify',
      subject: string,
      allow?: readonly AdminPasskey[],
    ): Promise<CeremonyOptions> {
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'required',
        ...(allow
          ? {
              allowCredentials: allow.map((passkey) => ({
                id: passkey.id,
                transports: JSON.parse(passkey.transports) as string[],
              })),
            }
          : {}),
      });
      return { flow: open(options.challenge, purpose, subject), options: { ...options } };
    },

    /** The passkey id the browser answered with, before it is looked up. */
    credentialId(response: unknown): string | undefined {
      const id = (response as { id?: unknown } | null)?.id;
      return typeof id === 'string' && id.length > 0 && id.length <= 1024 ? id : undefined;
    },

    /** Checks the browser's signature with the stored passkey; the new counter to store. */
    async verifyAuthentication(
      purpose: 'sign-in' | 'verify',
      subject: string,
      flowId: unknown,
      response: unknown,
      passkey: AdminPasskey,
    ): Promise<number> {
      const flow = take(flowId, purpose, subject);
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
    },
  };
}

export type Ceremonies = ReturnType<typeof createCeremonies>;
