import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '../../../../common/inbox-api/campaign-endpoints';
import { CampaignEditor } from './campaign-editor';
import { campaignOf } from './campaign-test-data';
import { AUTOSAVE_DELAY_MS } from './use-autosave';

// The preview frame loads a page from the server, which this test has not got.
vi.mock('./email-preview', () => ({ EmailPreview: () => null }));

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The saves the editor posted: their bodies, in order. */
const saves = () =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input) === '/admin/api/campaigns/7' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

/** The server: each save raises the version by one (or refuses it, when told to). */
function server(options: { stale?: boolean } = {}) {
  let version = 3;
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === '/admin/api/campaigns/7' && init?.method === 'POST') {
      if (options.stale)
        return json(409, {
          error: 'stale-version',
          message:
            'This campaign was saved elsewhere meanwhile (now version 4). Reload it to see the latest text.',
        });
      const body = JSON.parse(String(init.body)) as Partial<Campaign>;
      version += 1;
      return json(200, campaignOf({ ...body, version }));
    }
    if (path === '/admin/api/campaigns/7/test') return json(200, { to: 'meera@acme.example' });
    return json(404, { error: 'not-found', message: 'Not here.' });
  });
}

function showEditor(campaign: Campaign | null = campaignOf()) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/campaigns/:id',
        element: (
          <CampaignEditor campaign={campaign} audience={3} timeZone="Asia/Kolkata" onCreated={vi.fn()} />
        ),
        action: () => null,
      },
    ],
    { initialEntries: ['/admin/campaigns/7'] },
  );
  render(<RouterProvider router={router} />);
}

const subject = () => screen.getByRole('textbox', { name: 'Subject' });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a draft saves itself', () => {
  it('once typing pauses, in one save with the version it was edited from, then from the new one', async () => {
    server();
    showEditor();
    fireEvent.change(subject(), { target: { value: 'Dec' } });
    await wait(AUTOSAVE_DELAY_MS / 2);
    fireEvent.change(subject(), { target: { value: 'December news' } });
    await wait(AUTOSAVE_DELAY_MS - 1);
    // Still typing: nothing sent yet.
    expect(saves()).toEqual([]);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await wait(1);
    expect(saves()).toEqual([
      {
        subject: 'December news',
        preheader: 'Three things we shipped',
        bodyMarkdown: 'Hello.',
        publishInArchive: true,
        version: 3,
      },
    ]);
    await wait(0);
    expect(screen.getByText('Saved')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Publish in the archive' }));
    await wait(AUTOSAVE_DELAY_MS);
    expect(saves()[1]).toMatchObject({ publishInArchive: false, version: 4 });
  });

  it('says clearly when someone else saved meanwhile, offers a reload and stops saving', async () => {
    server({ stale: true });
    showEditor();
    fireEvent.change(subject(), { target: { value: 'Mine' } });
    await wait(AUTOSAVE_DELAY_MS);
    await wait(0);
    const alert = screen.getAllByRole('alert').find((each) => each.textContent?.includes('elsewhere'));
    expect(alert).toHaveTextContent('Not saved: This campaign was saved elsewhere meanwhile');
    expect(screen.getByRole('button', { name: 'Reload the campaign' })).toBeInTheDocument();
    fireEvent.change(subject(), { target: { value: 'Mine again' } });
    await wait(AUTOSAVE_DELAY_MS * 3);
    expect(saves()).toHaveLength(1);
  });

  it('sends a test only to the signed-in staff member, saved first, and says to which address', async () => {
    server();
    showEditor();
    fireEvent.change(subject(), { target: { value: 'December news' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    await wait(0);
    await wait(0);
    expect(screen.getByText('Test email sent to meera@acme.example.')).toBeInTheDocument();
    const paths = fetchMock.mock.calls.map(([input]) => String(input));
    expect(paths.indexOf('/admin/api/campaigns/7')).toBeLessThan(
      paths.indexOf('/admin/api/campaigns/7/test'),
    );
  });
});
