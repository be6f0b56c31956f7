import type * as WebAuthn from '@simplewebauthn/browser';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeFlash } from '../../components/admin/flash';
import { ACCOUNT_INTENT } from '../../components/admin/intents';
import { clientAction } from './account';

vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof WebAuthn>()),
  browserSupportsWebAuthn: () => true,
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const me = {
  email: 'meera@acme.example',
  role: 'admin' as const,
  timeZone: 'Asia/Kolkata',
  passkeys: [],
  verifiedUntil: null,
};
/** A check with a passkey, and the making of one, as the server's options describe them. */
const ceremony = { flow: 'flow-1', options: { challenge: 'Y2hhbGxlbmdl' } };
const creation = {
  flow: 'flow-2',
  options: {
    challenge: 'Y2hhbGxlbmdl',
    rp: { id: 'localhost', name: 'Acme Tech Solutions' },
    user: { id: 'dXNlcg', name: 'meera@acme.example', displayName: 'meera@acme.example' },
    pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  },
};

/** The inbox API as the server answers a session whose last passkey check is not recent. */
function serverWantingACheck() {
  let checked = false;
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input).replace('/admin/api', '');
    if (path === '/passkeys/options') {
      return checked
        ? json(200, creation)
        : json(403, { error: 'verify', message: 'Confirm it is you with a passkey first.' });
    }
    if (path === '/verify/options') return json(200, ceremony);
    if (path === '/verify') {
      checked = true;
      return json(200, me);
    }
    if (path === '/passkeys' && init?.method === 'POST') return json(200, me);
    return json(404, { error: 'not-found', message: 'Not here.' });
  });
}

function addPasskey() {
  const body = new FormData();
  body.set('intent', ACCOUNT_INTENT.addPasskey);
  const request = new Request('http://localhost/admin/account', { method: 'POST', body });
  return clientAction({ request, params: {}, context: {} } as Parameters<typeof clientAction>[0]);
}

const calls = () => fetchMock.mock.calls.map(([input]) => String(input).replace('/admin/api', ''));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(startAuthentication).mockResolvedValue({ id: 'key-1' } as never);
  vi.mocked(startRegistration).mockResolvedValue({ id: 'key-2' } as never);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.mocked(startAuthentication).mockReset();
  vi.mocked(startRegistration).mockReset();
  vi.unstubAllGlobals();
  takeFlash();
});

describe('adding a passkey on the account page', () => {
  it('asks for a passkey check first when the server wants one, then makes the new passkey', async () => {
    serverWantingACheck();
    await expect(addPasskey()).resolves.toEqual({ ok: true });
    expect(calls()).toEqual([
      '/passkeys/options',
      '/verify/options',
      '/verify',
      '/passkeys/options',
      '/passkeys',
    ]);
    const checkedAt = vi.mocked(startAuthentication).mock.invocationCallOrder[0]!;
    const madeAt = vi.mocked(startRegistration).mock.invocationCallOrder[0]!;
    expect(checkedAt).toBeLessThan(madeAt);
    expect(takeFlash()).toContain('Passkey added');
  });

  it('adds nothing and says so when the person cancels the check', async () => {
    serverWantingACheck();
    vi.mocked(startAuthentication).mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    await expect(addPasskey()).resolves.toEqual({
      error: 'The passkey was not added: the check that it is you was cancelled.',
    });
    expect(startRegistration).not.toHaveBeenCalled();
    expect(calls()).not.toContain('/passkeys');
  });
});
