import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../../common/inbox-api/account-endpoints';
import type { HelperStatus } from '../../../common/inbox-api/helper-endpoints';
import { AdminFrame } from './admin-frame';

const me: Me = {
  email: 'priya@acme.test',
  role: 'member',
  timeZone: 'Asia/Kolkata',
  passkeys: [],
  verifiedUntil: null,
};

const fetchMock = vi.fn<typeof fetch>();
let status: HelperStatus;

beforeEach(() => {
  status = { scanner: 'ok', mailbox: 'connected' };
  fetchMock.mockImplementation(async () => Response.json(status));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** An inbox page in its frame, with a link to another page. */
async function showInbox(signedIn: Me | null = me) {
  const page = (
    <AdminFrame me={signedIn ?? undefined}>
      <h1>Leads</h1>
      <Link to="/admin/outbox">Outbox page</Link>
    </AdminFrame>
  );
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: ['/admin'] });
  await act(async () => render(<RouterProvider router={router} />));
}

const helperCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/helpers'));

describe('the banner about the helper services, on every inbox page', () => {
  it('says nothing while the scanner and the mailbox are up, or not set up', async () => {
    await showInbox();
    expect(helperCalls()).toHaveLength(1);
    expect(screen.queryByText(/virus scanner|mailbox/)).toBeNull();
  });

  it('tells staff when the virus scanner does not answer and when the mailbox cannot be reached', async () => {
    status = { scanner: 'unavailable', mailbox: 'not-connected' };
    await showInbox();
    expect(
      await screen.findByText(/The virus scanner is not answering\. Files sent with quote requests are kept/),
    ).toBeInTheDocument();
    expect(screen.getByText(/The company mailbox cannot be reached/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('not scanned yet');
  });

  it('asks again on the next page: a scanner back up takes the banner away', async () => {
    status = { scanner: 'unavailable', mailbox: 'none' };
    await showInbox();
    expect(await screen.findByText(/The virus scanner is not answering/)).toBeInTheDocument();
    status = { scanner: 'ok', mailbox: 'none' };
    await act(async () => screen.getByRole('link', { name: 'Outbox page' }).click());
    expect(helperCalls()).toHaveLength(2);
    expect(screen.queryByText(/virus scanner/)).toBeNull();
  });

  it('asks nothing on the pages before sign-in', async () => {
    await showInbox(null);
    expect(helperCalls()).toHaveLength(0);
  });
});
