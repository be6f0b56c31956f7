import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebsitePageKey } from '../../../../common/site-content/website-pages';
import { defaultSiteContent } from '../../../content/site-content';
import { type EditedPage, PageEditor } from './page-editor';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const savedAt = '2026-11-26T06:33:00.000Z';

function show(key: WebsitePageKey, name: string) {
  const page: EditedPage = {
    key,
    name,
    content: defaultSiteContent[key],
    version: 'v1',
    draft: null,
    previewPath: '/FAQ?preview',
  };
  const router = createMemoryRouter([{ path: '*', element: <PageEditor page={page} /> }]);
  render(<RouterProvider router={router} />);
}

/** The body of each save sent. */
const saves = () =>
  fetchMock.mock.calls.map(
    ([, init]) => JSON.parse(String(init?.body)) as { content: unknown; version: string },
  );

const question = (n: number) => screen.getByRole('group', { name: `Question ${n}` });
const faqItems = () => saves().at(-1)?.content as { items: { question: string; answer: string[] }[] };

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe("an FAQ page's editor", () => {
  it('shows each question with its Question and Answer, the answer’s paragraphs in one text area', () => {
    show('faq', 'FAQ');
    const first = defaultSiteContent.faq.items[0]!;
    expect(within(question(1)).getByLabelText('Question')).toHaveValue(first.question);
    expect(within(question(1)).getByLabelText('Answer')).toHaveValue(first.answer.join('\n\n'));
    expect(screen.getAllByRole('group', { name: /^Question \d+$/ })).toHaveLength(
      defaultSiteContent.faq.items.length,
    );
    expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', '/FAQ?preview');
  });

  it('adds, moves and removes questions, and saves them in that order with the answer’s paragraphs', async () => {
    fetchMock.mockResolvedValue(
      json(200, { version: 'v2', draft: { at: savedAt, by: 'meera@acme.example' } }),
    );
    show('faq', 'FAQ');
    const count = defaultSiteContent.faq.items.length;
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    const added = question(count + 1);
    fireEvent.change(within(added).getByRole('textbox', { name: 'Question' }), {
      target: { value: 'Do you work weekends?' },
    });
    fireEvent.change(within(added).getByRole('textbox', { name: 'Answer' }), {
      target: { value: 'Rarely.\n\nAsk us.' },
    });
    fireEvent.click(screen.getByRole('button', { name: `Move question ${count + 1} up` }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Draft saved at 26 Nov 2026, 12:03 pm.');
    const items = faqItems().items;
    expect(items).toHaveLength(count);
    expect(items[count - 2]).toEqual({ question: 'Do you work weekends?', answer: ['Rarely.', 'Ask us.'] });
    expect(items[0]?.question).toBe(defaultSiteContent.faq.items[1]?.question);
    expect(saves()[0]?.version).toBe('v1');
  });

  it('says next to an emptied answer that it is required, and sends nothing', () => {
    show('faq', 'FAQ');
    const answer = within(question(2)).getByLabelText('Answer');
    fireEvent.change(answer, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(answer).toHaveAttribute('aria-invalid', 'true');
    expect(answer).toHaveAccessibleDescription(/This field is required\./);
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need a change');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s message for a field next to it', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        error: 'invalid',
        message: 'Some fields are not valid.',
        fields: { 'items.2.question': 'Keep this to 400 characters or fewer.' },
      }),
    );
    show('faq', 'FAQ');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const field = within(question(3)).getByLabelText('Question');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Keep this to 400 characters or fewer.'));
  });

  it('keeps the edits on screen when someone else saved the page since it was opened', async () => {
    fetchMock.mockResolvedValue(
      json(409, { error: 'conflict', message: 'Someone else saved this page since you opened it.' }),
    );
    show('faq', 'FAQ');
    const answer = within(question(1)).getByLabelText('Answer');
    fireEvent.change(answer, { target: { value: 'My new answer.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this page since you opened it. Your edits are still here, not saved.',
    );
    expect(answer).toHaveValue('My new answer.');
  });
});

describe("the team page's editor", () => {
  it('gives each person a Name, Role, Bio, areas of expertise and a photo with its description', () => {
    show('team', 'Our team');
    const person = screen.getByRole('group', { name: 'Person 1' });
    const first = defaultSiteContent.team.people[0]!;
    expect(within(person).getByLabelText('Name')).toHaveValue(first.name);
    expect(within(person).getByLabelText('Role')).toHaveValue(first.role);
    expect(within(person).getByLabelText('Bio')).toHaveValue(first.bio.join('\n\n'));
    expect(within(person).getByRole('group', { name: 'Areas of expertise' })).toBeInTheDocument();
    expect(within(person).getByRole('group', { name: 'Photo' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add person' }));
    const added = screen.getByRole('group', { name: `Person ${defaultSiteContent.team.people.length + 1}` });
    expect(within(added).getByLabelText('Name')).toHaveValue('');
  });
});
