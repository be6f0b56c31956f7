import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard as Figures } from '../../../common/inbox-api/dashboard-endpoints';
import Dashboard, { clientLoader } from './dashboard';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const weeks = ['2026-09-07', '2026-09-14', '2026-09-21', '2026-09-28', '2026-10-05', '2026-10-12'];
const allWeeks = [
  ...weeks,
  '2026-10-19',
  '2026-10-26',
  '2026-11-02',
  '2026-11-09',
  '2026-11-16',
  '2026-11-23',
];

/** A month of figures as the server answers them, visits not counted yet (the usual first look). */
function figuresOf(
  overrides: Partial<Figures['leads']> = {},
  visits: Partial<Figures['visits']> = {},
): Figures {
  return {
    period: '30d',
    timeZone: 'Asia/Kolkata',
    current: { start: '2026-10-27T18:30:00.000Z', end: '2026-11-26T18:30:00.000Z' },
    previous: { start: '2026-09-27T18:30:00.000Z', end: '2026-10-27T18:30:00.000Z' },
    generatedAt: '2026-11-26T08:00:00.000Z',
    leads: {
      total: 42,
      previousTotal: 36,
      perWeek: allWeeks.map((weekStart, at) => ({
        weekStart,
        count: at === 11 ? 5 : at === 10 ? 3 : at + 1000,
      })),
      bySourcePage: [
        { sourcePage: '/', count: 30 },
        { sourcePage: 'unknown', count: 7 },
        { sourcePage: '/services/web', count: 5 },
      ],
      funnel: { counts: { new: 10, contacted: 9, quoted: 8, won: 6, lost: 9 }, total: 42, winRate: 0.4 },
      firstContact: {
        medianMs: 2 * 3_600_000 + 15 * 60_000,
        p90Ms: 3 * 86_400_000,
        contacted: 32,
        waiting: 10,
        withinTarget: { minutes: 240, answered: 27, total: 42 },
        byOwner: [
          { name: 'Asha Rao', leads: 30, contacted: 25, medianMs: 3_600_000 },
          { name: null, leads: 12, contacted: 7, medianMs: 5 * 3_600_000 },
        ],
      },
      ...overrides,
    },
    visits: {
      counting: true,
      beacon: false,
      perDay: [],
      views: 0,
      visitors: 0,
      previousViews: 0,
      previousVisitors: 0,
      topPages: [],
      sources: [],
      campaigns: [],
      ...visits,
    },
  };
}

function Page() {
  const loaderData = useLoaderData<typeof clientLoader>();
  return <Dashboard {...({ loaderData } as Parameters<typeof Dashboard>[0])} />;
}

async function show(figures: Figures, address = '/admin/dashboard') {
  fetchMock.mockImplementation(async (input) => {
    const period = new URL(String(input), 'http://localhost').searchParams.get('period');
    return json({ ...figures, period: period ?? '30d' });
  });
  const router = createMemoryRouter(
    [{ path: '/admin/dashboard', Component: Page, loader: clientLoader as never }],
    {
      initialEntries: [address],
    },
  );
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
}

const section = (name: string) => screen.getByRole('region', { name });
/** The rows of the section's Data table, each as its cells' text. */
const dataRows = (name: string) =>
  within(within(section(name)).getByText('Data', { selector: 'summary' }).closest('details') as HTMLElement)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the leads summaries', () => {
  it.each([
    [42, 36, '42 leads in the last 30 days, up 17% on the 30 before.'],
    [30, 40, '30 leads in the last 30 days, down 25% on the 30 before.'],
    [7, 7, '7 leads in the last 30 days, the same as the 30 before.'],
    [1, 0, '1 lead in the last 30 days, none in the 30 before.'],
    [0, 0, 'No leads in the last 30 days, and none in the 30 before.'],
    [0, 6, 'No leads in the last 30 days, down from 6 in the 30 before.'],
    [1500, 1000, '1,500 leads in the last 30 days, up 50% on the 30 before.'],
  ])('%i leads after %i says “%s”', async (total, previousTotal, summary) => {
    await show(figuresOf({ total, previousTotal }));
    expect(section('Leads per week')).toHaveTextContent(summary);
  });

  it('puts this week beside the previous one, and every week in the Data table', async () => {
    await show(figuresOf());
    expect(section('Leads per week')).toHaveTextContent('This week5Previous week3');
    const rows = dataRows('Leads per week');
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual(['Mon, 7 Sept 2026', '1,000']);
    expect(rows[11]).toEqual(['Mon, 23 Nov 2026 (this week)', '5']);
  });

  it('names the page that brought the most leads, and lists every page by its name', async () => {
    await show(figuresOf());
    expect(section('Leads by page')).toHaveTextContent(
      'The page Home brought the most leads in the last 30 days: 30 of 42, from 3 pages in all.',
    );
    // "/" is Home; a lead with no page of the site's own is "Unknown page", said what it means.
    expect(dataRows('Leads by page')).toEqual([
      ['Home', '30'],
      ['Unknown page', '7'],
      ['/services/web', '5'],
    ]);
    expect(section('Leads by page')).toHaveTextContent('Unknown page: the visitor’s browser did not say');
    expect(section('Leads by page')).not.toHaveTextContent(/\bunknown\b(?! page)/);
  });
});

describe('the status funnel and the first contact', () => {
  it('counts each status by the inbox’s names, with the win rate', async () => {
    await show(figuresOf());
    expect(dataRows('Status funnel')).toEqual([
      ['New', '10'],
      ['Contacted', '9'],
      ['Quoted', '8'],
      ['Won', '6'],
      ['Lost', '9'],
      ['All', '42'],
      ['Win rate', '40%'],
    ]);
  });

  it('shows no win rate while no lead is closed, and says why', async () => {
    await show(
      figuresOf({
        funnel: { counts: { new: 2, contacted: 1, quoted: 0, won: 0, lost: 0 }, total: 3, winRate: null },
      }),
    );
    const funnel = section('Status funnel');
    expect(funnel).toHaveTextContent('Win rate—');
    expect(funnel).toHaveTextContent('No lead of this period is won or lost yet, so there is no win rate.');
  });

  it('says how fast leads are answered, as people say it', async () => {
    await show(figuresOf());
    const contact = section('Time to first contact');
    expect(contact).toHaveTextContent(
      'Of the 32 leads answered, half were answered within 2 h 15 min, nine in ten within 3 days.',
    );
    expect(contact).toHaveTextContent('Answered32');
    expect(contact).toHaveTextContent('Still waiting10');
    expect(contact).toHaveTextContent('Answered within 4 h: 64% (27 of 42)');
    const owners = within(contact).getByRole('table', { name: 'Time to first contact by owner' });
    expect(
      within(owners)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['OwnerLeadsAnsweredMedian', 'Asha Rao30251 h', 'Unassigned1275 h']);
  });

  it('says how fast the one lead answered was answered, without halves', async () => {
    await show(
      figuresOf({
        firstContact: {
          medianMs: 6 * 3_600_000,
          p90Ms: 6 * 3_600_000,
          contacted: 1,
          waiting: 5,
          withinTarget: null,
          byOwner: [],
        },
      }),
    );
    expect(section('Time to first contact')).toHaveTextContent(
      'The one lead answered was answered within 6 h.',
    );
  });

  it('shows dashes when nobody has answered a lead yet', async () => {
    await show(
      figuresOf({
        firstContact: {
          medianMs: null,
          p90Ms: null,
          contacted: 0,
          waiting: 4,
          withinTarget: null,
          byOwner: [],
        },
      }),
    );
    const contact = section('Time to first contact');
    expect(contact).toHaveTextContent('No lead of this period has been answered yet.');
    expect(contact).toHaveTextContent('Median—');
  });
});

describe('the visits', () => {
  it('says counting is off rather than drawing empty charts', async () => {
    await show(figuresOf({}, { counting: false }));
    expect(section('Visits')).toHaveTextContent('counting is off on this server (VISIT_COUNTING)');
    expect(within(section('Visits')).queryByRole('table')).toBeNull();
  });

  it('says when nobody was counted in the period before', async () => {
    const day = { day: '2026-11-26', views: 2, visitors: 1 };
    await show(figuresOf({}, { perDay: [day], views: 2, visitors: 1 }));
    expect(section('Visits')).toHaveTextContent(
      '1 visitor and 2 page views in the last 30 days, none in the 30 before.',
    );
  });

  it('says when nothing has been counted yet', async () => {
    await show(figuresOf());
    expect(section('Visits')).toHaveTextContent('No visits counted in this period yet.');
    expect(within(section('Visits')).queryByRole('table')).toBeNull();
  });

  it('sums the period up and holds every figure in its tables', async () => {
    await show(
      figuresOf(
        {},
        {
          perDay: [
            { day: '2026-11-25', views: 9, visitors: 4 },
            { day: '2026-11-26', views: 3, visitors: 2 },
          ],
          views: 12,
          visitors: 6,
          previousViews: 10,
          previousVisitors: 8,
          topPages: [
            { path: '/', views: 8, visitors: 5, leads: 1, conversionRate: 0.2 },
            { path: '/about', views: 4, visitors: 0, leads: 0, conversionRate: null },
          ],
          sources: [
            { source: 'direct', views: 7, visitors: 4 },
            { source: 'google.com', views: 5, visitors: 2 },
          ],
          campaigns: [{ utmSource: 'newsletter', utmCampaign: '', views: 2, visitors: 1 }],
        },
      ),
    );
    const visits = section('Visits');
    expect(visits).toHaveTextContent(
      '6 visitors and 12 page views in the last 30 days; visitors down 25% on the 30 before.',
    );
    expect(dataRows('Visits')).toEqual([
      ['Wed, 25 Nov 2026', '4', '9'],
      ['Thu, 26 Nov 2026', '2', '3'],
    ]);
    const rowsOf = (caption: string) =>
      within(within(visits).getByRole('table', { name: caption }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
    expect(rowsOf('Top pages')).toEqual(['Home85120%', 'About400—']);
    expect(rowsOf('Sources')).toEqual(['Direct (no referrer)74', 'google.com52']);
    expect(rowsOf('Campaigns')).toEqual(['newsletter(none)21']);
  });
});

describe('the period picker', () => {
  it('shows 30 days at first, in the company’s time zone', async () => {
    await show(figuresOf());
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/admin/api/dashboard?period=30d');
    expect(screen.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Times in Asia/Kolkata')).toBeInTheDocument();
  });

  it('asks for the period picked, which the address keeps', async () => {
    await show(figuresOf());
    fireEvent.click(screen.getByRole('link', { name: '12 months' }));
    expect(await screen.findByText(/in the last 12 months, up 17% on the 12 before/)).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/admin/api/dashboard?period=12m');
    expect(screen.getByRole('link', { name: '12 months' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '12 months' })).toHaveAttribute(
      'href',
      '/admin/dashboard?period=12m',
    );
  });

  it('reads the period from the address, and ignores one it does not know', async () => {
    await show(figuresOf(), '/admin/dashboard?period=7d');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/admin/api/dashboard?period=7d');
    fetchMock.mockClear();
    await show(figuresOf(), '/admin/dashboard?period=forever');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/admin/api/dashboard?period=30d');
  });
});
