import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inboxApi } from '../../../common/inbox-api/endpoints';
import { ApiFailure, callApi, NETWORK_FAILURE_MESSAGE } from './api';
import { addressOf } from './api-input';
import { forgetSession, rememberSession } from './sign-in-reasons';

const fetchMock = vi.fn<typeof fetch>();

function reply(status: number, body?: unknown, contentType = 'application/json') {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers: text === null ? {} : { 'Content-Type': contentType } });
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  forgetSession();
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('callApi', () => {
  it('asks the inbox API on this origin for JSON and returns it', async () => {
    const me = {
      email: 'meera@acme.example',
      role: 'admin' as const,
      timeZone: 'Asia/Kolkata',
      passkeys: [],
      verifiedUntil: null,
    };
    fetchMock.mockResolvedValueOnce(reply(200, me));
    await expect(callApi(inboxApi.account.me)).resolves.toEqual(me);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/admin/api/me');
    expect(init).toMatchObject({
      method: 'GET',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    expect(init?.body).toBeUndefined();
  });

  it('sends a body as JSON, and gives undefined for a 204', async () => {
    fetchMock.mockResolvedValueOnce(reply(204));
    await expect(
      callApi(inboxApi.leads.setStatus, { params: { id: 3 }, body: { status: 'won' } }),
    ).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/admin/api/leads/3/status');
    expect(init).toMatchObject({
      method: 'POST',
      body: '{"status":"won"}',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    });
  });

  it('sends the person to sign in on a 401, to come back to the page they asked for', async () => {
    fetchMock.mockResolvedValueOnce(reply(401, { error: 'unauthenticated', message: 'Please sign in.' }));
    const from = new Request('http://localhost/admin/leads/3?tab=notes');
    const error = await thrown(callApi(inboxApi.leads.detail, { params: { id: 3 }, from }));
    expect(error).toBeInstanceOf(Response);
    const response = error as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(
      '/admin/sign-in?next=%2Fadmin%2Fleads%2F3%3Ftab%3Dnotes&reason=required',
    );
  });

  it('says the session ended when a 401 comes after the session worked', async () => {
    rememberSession();
    fetchMock.mockResolvedValueOnce(reply(401, { error: 'unauthenticated', message: 'Please sign in.' }));
    const error = (await thrown(
      callApi(inboxApi.account.me, { from: new Request('http://localhost/admin/outbox') }),
    )) as Response;
    expect(error.headers.get('Location')).toBe('/admin/sign-in?next=%2Fadmin%2Foutbox&reason=expired');
  });

  it('treats a 401 as an answer on the pages that sign in (no request to come back to)', async () => {
    fetchMock.mockResolvedValueOnce(reply(401, { error: 'unknown-passkey', message: 'Not one of ours.' }));
    const error = await thrown(
      callApi(inboxApi.account.signIn, { body: { flow: 'f', response: { id: 'x' } } }),
    );
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error).toMatchObject({ status: 401, code: 'unknown-passkey', message: 'Not one of ours.' });
  });

  it('fails with the API’s code, sentence and field messages', async () => {
    fetchMock.mockResolvedValueOnce(
      reply(400, { error: 'invalid', message: 'The note is too long.', fields: { text: 'At most 5,000.' } }),
    );
    const error = await thrown(callApi(inboxApi.leads.addNote, { params: { id: 3 }, body: { text: 'x' } }));
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid',
      message: 'The note is too long.',
      fields: { text: 'At most 5,000.' },
    });
  });

  it('explains a failure without a JSON body (a proxy’s error page) by its status', async () => {
    fetchMock.mockResolvedValueOnce(reply(502, '<html>Bad gateway</html>', 'text/html'));
    const error = await thrown(callApi(inboxApi.leads.list));
    expect(error).toMatchObject({ status: 502, code: 'http-502' });
    expect((error as Error).message).toMatch(/server had a problem/);
  });

  it('says the server could not be reached when the network fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await thrown(callApi(inboxApi.leads.list));
    expect(error).toMatchObject({ status: 0, code: 'network', message: NETWORK_FAILURE_MESSAGE });
  });

  it('refuses a note its schema refuses before sending it, with the server’s code and message', async () => {
    const error = await thrown(callApi(inboxApi.leads.addNote, { params: { id: 3 }, body: { text: '   ' } }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid',
      message: 'Some of what was sent cannot be used.',
      fields: { text: 'Write something first.' },
    });
  });
});

describe('addressOf', () => {
  it('fills in the path’s parameters and leaves the empty values out of the query', () => {
    expect(addressOf(inboxApi.leads.detail, { params: { id: '12/../me' } })).toBe(
      '/admin/api/leads/12%2F..%2Fme',
    );
    expect(addressOf(inboxApi.leads.exportCsv, { query: { view: 'won', q: '' } })).toBe(
      '/admin/api/leads/export.csv?view=won',
    );
    expect(addressOf(inboxApi.subscribers.list, { query: { view: 'all', q: 'a b', cursor: null } })).toBe(
      '/admin/api/subscribers?view=all&q=a+b',
    );
  });

  it('keeps of a reply only what its contract names', async () => {
    const me = {
      email: 'meera@acme.example',
      role: 'admin' as const,
      timeZone: 'Asia/Kolkata',
      passkeys: [],
      verifiedUntil: null,
    };
    fetchMock.mockResolvedValueOnce(reply(200, { ...me, sessionToken: 'secret' }));
    await expect(callApi(inboxApi.account.me)).resolves.toEqual(me);
  });

  it('says the page cannot read a reply that breaks its contract', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { email: 42 }));
    const failure = await thrown(callApi(inboxApi.account.me));
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({
      code: 'unexpected-reply',
      message: expect.stringMatching(/Reload the page/),
    });
  });
});
