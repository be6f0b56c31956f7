/**
 * Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform authenticator that
 * answers every passkey ceremony of the page at once, as if the person had touched the sensor. It works
 * headless on http://localhost, which is why the e2e server uses that host name.
 */
import type { CDPSession, Page } from '@playwright/test';
import { newPasskeyKey, type PasskeyKey } from './staff-seed.ts';

export interface VirtualAuthenticator {
  /**
   * Adds a passkey for localhost, as if one had been made earlier: one the server knows when given the
   * key seeded for the account (staff-seed.ts), else one it has never seen.
   */
  addPasskey: (userName: string, key?: PasskeyKey) => Promise<void>;
  /** The passkeys the authenticator holds. */
  passkeyCount: () => Promise<number>;
  /** Makes the person's check fail from now on (as when they cancel the browser's dialog). */
  refuseUserVerification: () => Promise<void>;
  /** Lets the person's check pass again. */
  allowUserVerification: () => Promise<void>;
}

export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const client: CDPSession = await page.context().newCDPSession(page);
  await client.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await client.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    addPasskey: async (userName, key = newPasskeyKey()) => {
      await client.send('WebAuthn.addCredential', {
        authenticatorId,
        credential: {
          credentialId: Buffer.from(key.id, 'base64url').toString('base64'),
          isResidentCredential: true,
          rpId: 'localhost',
          privateKey: key.privateKey,
          userHandle: Buffer.from(userName).toString('base64'),
          userName,
          signCount: 0,
        },
      });
    },
    passkeyCount: async () =>
      (await client.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length,
    refuseUserVerification: async () => {
      await client.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
    },
    allowUserVerification: async () => {
      await client.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
    },
  };
}
