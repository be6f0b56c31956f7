import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReleaseSummary } from '../../../common/inbox-api/website-endpoints';
import { WEBSITE_PAGES } from '../../../common/site-content/website-pages';
import Website, { clientAction, clientLoader, ErrorBoundary } from './website';
import WebsiteReleases, {
  clientAction as releasesAction,
  clientLoader as releasesLoader,
} from './website-releases';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const at = '2026-11-26T06:33:00.000Z';
const summaries = (draftOn: string[] = []) =>
  WEBSITE_PAGES.map((page) => ({
    key: page.key,
    name: page.name,
    draft: draftOn.includes(page.key) ? { at, by: 'meera@acme.example' } : null,
    previewPath: page.previewPath,
  }));
const release = (id: number, changed: ReleaseSummary['changed'], live = false): ReleaseSummary => ({
  id,
  publishedAt: at,
  publishedBy: 'meera@acme.example',
  changed,
  rolledBackTo: null,
  live,
});

type Handler = () => Response;
function server(answers: Record<string, Handler>) {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input).replace('/admin/api', '')}`;
    return answers[key]?.() ?? json(404, { error: 'not-found', message: 'Not here.' });
  });
}

function show(path: string) {
  function WebsitePage() {
    return <Website {...({ loaderData: useLoaderData() } as Parameters<typeof Website>[0])} />;
  }
  function ReleasesPage() {
    return (
      <WebsiteReleases {...({ loaderData: useLoaderData() } as Parameters<typeof WebsiteReleases>[0])} />
    );
  }
  const router = createMemoryRouter(
    [
      {
        path: '/admin/website',
        Component: WebsitePage,
        ErrorBoundary,
        loader: clientLoader as never,
        action: clientAction as never,
      },
      {
        path: '/admin/website/releases',
        Component: ReleasesPage,
        loader: releasesLoader as never,
        action: releasesAction as never,
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the Website section', () => {
  it('lists the pages by their link names, with who saved a draft and when, and links Releases', async () => {
    server({ 'GET /website': () => json(200, { pages: summaries(['faq']), live: null }) });
    show('/admin/website');
    const pages = await screen.findByRole('region', { name: 'Pages' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(WEBSITE_PAGES.map((page) => page.name));
    expect(within(pages).getByRole('link', { name: 'FAQ' })).toHaveAttribute(
      'href',
      '/admin/website/pages/faq',
    );
    expect(within(pages).getByRole('link', { name: 'FAQ' }).closest('li')).toHaveTextContent(
      'Draft saved by meera@acme.example, 26 Nov 2026, 12:03 pm',
    );
    expect(screen.getByRole('link', { name: 'Releases' })).toHaveAttribute('href', '/admin/website/releases');
  });

  it('has nothing to publish without a draft: Publish is off, and the page says why', async () => {
    server({ 'GET /website': () => json(200, { pages: summaries(), live: null }) });
    show('/admin/website');
    const publish = await screen.findByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();
    expect(publish).toHaveAccessibleDescription('Nothing to publish: no page has a saved draft.');
  });

  it('publishes after its dialog’s Publish, then says what was published', async () => {
    let published = false;
    server({
      'GET /website': () => json(200, { pages: summaries(published ? [] : ['faq']), live: null }),
      'POST /website/publish': () => {
        published = true;
        return json(200, { release: release(4, ['faq'], true) });
      },
    });
    show('/admin/website');
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish the drafts?' });
    expect(dialog).toHaveTextContent('FAQ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(/Published: FAQ\./)).toBeInTheDocument();
  });

  it('says which page failed to render, and that nothing was published', async () => {
    server({
      'GET /website': () => json(200, { pages: summaries(['team']), live: null }),
      'POST /website/publish': () =>
        json(409, { error: 'render-failed', message: 'Our team could not be rendered: a photo is missing.' }),
    });
    show('/admin/website');
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Publish' }));
    const said = await within(screen.getByRole('dialog')).findByText(/^Nothing was published/);
    expect(said).toHaveTextContent(
      'Nothing was published: Our team could not be rendered: a photo is missing. The live pages are unchanged.',
    );
    expect(said.closest('[role="alert"]')).not.toBeNull();
  });
});

describe('a member', () => {
  it('opening the Website section reads that only admins can open it', async () => {
    server({
      'GET /website': () =>
        json(403, { error: 'admin-only', message: 'Only admins can do this. Ask an admin of your team.' }),
    });
    show('/admin/website');
    expect(
      await screen.findByRole('heading', { name: 'Only admins can open this page', level: 1 }),
    ).toBeInTheDocument();
  });
});

describe('the releases', () => {
  it('lists them newest first with who, when and what changed; Roll back on each but the live one', async () => {
    let releases = [release(3, ['faq'], true), release(2, ['team', 'company'])];
    server({
      'GET /website/releases': () => json(200, { releases }),
      'POST /website/releases/2/roll-back': () => {
        const rolledBack = { ...release(4, ['faq'], true), rolledBackTo: 2 };
        releases = [rolledBack, ...releases.map((entry) => ({ ...entry, live: false }))];
        return json(200, { release: rolledBack });
      },
    });
    show('/admin/website/releases');
    const live = await screen.findByRole('heading', { name: 'Release 3 Live' });
    expect(live.closest('li')).toHaveTextContent('Published by meera@acme.example, 26 Nov 2026, 12:03 pm');
    expect(within(live.closest('li')!).queryByRole('button', { name: 'Roll back' })).toBeNull();
    const earlier = screen.getByRole('heading', { name: 'Release 2' }).closest('li')!;
    expect(earlier).toHaveTextContent('Changed: Our team, Company details');

    fireEvent.click(within(earlier).getByRole('button', { name: 'Roll back' }));
    const dialog = screen.getByRole('dialog', { name: 'Roll back to release 2?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(await screen.findByRole('heading', { name: 'Release 4 Live' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Release 4 Live' }).closest('li')).toHaveTextContent(
      'a roll back to release 2',
    );
    expect(screen.getByText(/Rolled back to release 2: release 4 is live\./)).toBeInTheDocument();
  });
});
