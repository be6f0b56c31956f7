import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, ConversationEntry } from '../../../../common/inbox-api/conversation-endpoints';
import { ConversationCard } from './conversation-card';
import { act } from '@testing-library/react';

const lead = { id: 7, name: 'Ravi Kumar', reference: 'Q-7F3K9C', email: 'ravi@client.in', spam: false };

function message(fields: Partial<Extract<ConversationEntry, { type: 'message' }>>): ConversationEntry {
  return {
    type: 'message',
    id: 1,
    at: '2026-11-25T10:00:00.000Z',
    direction: 'in',
    kind: 'answer',
    authorName: 'Ravi Kumar',
    authorEmail: 'ravi@client.in',
    subject: 'Re: Your quote request Q-7F3K9C',
    text: 'Thursday works.',
    quotedText: '',
    read: true,
    bouncedAt: null,
    senderDmarc: null,
    fromLead: true,
    delivery: null,
    files: [],
    fileNotes: [],
    ...fields,
  };
}

function show(entries: ConversationEntry[], mailboxConnected = true) {
  const conversation: Conversation = { entries, mailboxConnected };
  const savedReplies = [{ id: 1, title: 'Thanks', body: 'Hello {name}, about {reference}.', updatedAt: '' }];
  const router = createMemoryRouter([
    {
      path: '/',
      element: <ConversationCard lead={lead} conversation={conversation} savedReplies={savedReplies} />,
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe("the lead's conversation", () => {
  it('shows the request, an internal note, a new answer with its quoted text folded, in order', () => {
    show([
      { type: 'request', at: '2026-11-24T09:00:00.000Z', name: 'Ravi Kumar', text: 'A new website, please.' },
      {
        type: 'note',
        id: 3,
        at: '2026-11-24T10:00:00.000Z',
        by: 'priya.sharma@acme.test',
        text: 'Called him.',
      },
      message({ read: false, quotedText: '> Could we call on Thursday?' }),
    ]);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(items[0]).toContain('A new website, please.');
    expect(items[1]).toContain('Internal note');
    // By name, as a reply is signed: not by the email address.
    expect(items[1]).toContain('Priya Sharma');
    expect(items[1]).not.toContain('priya.sharma@acme.test');
    expect(items[2]).toContain('New');
    const quoted = screen.getByText('> Could we call on Thursday?');
    expect(quoted).not.toBeVisible();
    fireEvent.click(screen.getByText('Show quoted text'));
    expect(quoted).toBeVisible();
  });

  it('labels an automatic reply, marks a bounced reply "Not delivered", and shows a dead letter’s error', () => {
    show([
      message({ kind: 'auto-reply', text: 'I am out of office.' }),
      message({
        id: 2,
        direction: 'out',
        kind: 'reply',
        bouncedAt: '2026-11-25T11:00:00.000Z',
        delivery: { state: 'sent', attempts: 1, lastError: null },
      }),
      message({
        id: 3,
        direction: 'out',
        kind: 'reply',
        delivery: { state: 'dead', attempts: 5, lastError: '550 No such user' },
      }),
    ]);
    expect(screen.getByText('Automatic reply')).toBeInTheDocument();
    expect(screen.queryByText(/SMTP_URL|MAIL_DIR|\.eml/)).toBeNull();
    expect(screen.getAllByText('Not delivered')).toHaveLength(1);
    expect(screen.getByText(/Could not be sent: 550 No such user/)).toBeInTheDocument();
  });

  it("shows the website's word on an answer's files beside the client's message, never inside it", () => {
    show([
      message({ text: 'Here is the site map.', fileNotes: ['setup.exe was not kept: it contains a virus.'] }),
    ]);
    const entry = screen.getByRole('listitem');
    const notice = within(entry).getByRole('note', { name: 'From the website' });
    expect(notice).toHaveTextContent('setup.exe was not kept: it contains a virus.');
    const said = within(entry).getByRole('article');
    expect(said).toHaveTextContent('Here is the site map.');
    expect(said).not.toHaveTextContent('virus');
    expect(said).not.toContainElement(notice);
  });

  it('says a reply kept, not sent, as it was when it was written, in staff words', () => {
    show([
      message({ direction: 'out', kind: 'reply', delivery: { state: 'kept', attempts: 1, lastError: null } }),
    ]);
    expect(
      screen.getByText('Not sent: no mail server was set up when this was written; kept on the server.'),
    ).toBeInTheDocument();
  });

  it('says where answers go without IMAP_URL, and inserts a saved reply with the name and reference', () => {
    show([], false);
    expect(screen.getByText(/reach the company mailbox, not this page/)).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Saved reply' }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveValue('Hello Ravi Kumar, about Q-7F3K9C.');
  });

  it('shows the files an answer brought: a link to download each one that may be, the others named', () => {
    const pdf = {
      id: 21,
      name: 'site-map.pdf',
      size: 2048,
      mediaType: 'application/pdf',
      scan: 'clean' as const,
    };
    const waiting = { ...pdf, id: 22, name: 'brief.docx', scan: 'pending' as const };
    show([message({ files: [pdf, waiting] })]);
    const link = screen.getByRole('link', { name: 'site-map.pdf (download)' });
    expect(link).toHaveAttribute('href', '/admin/api/leads/7/attachments/21');
    expect(link).toHaveAttribute('download', 'site-map.pdf');
    expect(screen.queryByRole('link', { name: /brief\.docx/ })).toBeNull();
    expect(screen.getByRole('list', { name: 'Files it brought' })).toHaveTextContent(
      'brief.docx · 2 KB · Not scanned yet',
    );
  });

  it('says so on an answer whose sender is in doubt: a DMARC failure, another address; the text stays shown', () => {
    show([
      message({ id: 1, senderDmarc: 'fail', text: 'Please pay to this new account.' }),
      message({ id: 2, fromLead: false, authorEmail: 'mallory@elsewhere.example', text: 'Cancel it.' }),
      message({ id: 3, senderDmarc: 'pass', text: 'Thursday works.' }),
    ]);
    const [spoofed, stranger, verified] = screen.getAllByRole('article');
    expect(spoofed).toHaveTextContent(
      'Sender not verified: this mail failed the sender check (DMARC), so it may not be from who it says.',
    );
    expect(spoofed).toHaveTextContent('Please pay to this new account.');
    expect(stranger).toHaveTextContent(
      "Sent from another address than the lead's: mallory@elsewhere.example.",
    );
    expect(stranger).toHaveTextContent('Cancel it.');
    expect(verified).not.toHaveTextContent(/not verified|another address/);
  });
});

describe('a reply waiting to be sent', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const reply = (state: 'waiting' | 'sent') =>
    message({
      id: 5,
      direction: 'out',
      kind: 'reply',
      delivery: { state, attempts: state === 'sent' ? 1 : 0, lastError: null },
    });

  it('turns into "Sent." once it is, without a reload: the conversation is read again, less often as it waits', async () => {
    vi.useFakeTimers();
    const answers = [reply('waiting'), reply('waiting'), reply('sent')];
    const read = vi.fn(async (_url: string) => {
      const entry = answers.shift() ?? reply('sent');
      return Response.json({ entries: [entry], mailboxConnected: true });
    });
    vi.stubGlobal('fetch', read);
    show([reply('waiting')]);
    expect(screen.getByText('Waiting to be sent.')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(read).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(read).toHaveBeenCalledTimes(1);
    expect(read.mock.calls[0]?.[0]).toBe('/admin/api/leads/7/conversation');
    // Then after 4 s, then 8 s.
    await act(() => vi.advanceTimersByTimeAsync(3_999));
    expect(read).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(read).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Waiting to be sent.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(8_000));
    expect(read).toHaveBeenCalledTimes(3);
    expect(screen.getByText('Sent.')).toBeInTheDocument();
    expect(screen.queryByText('Waiting to be sent.')).toBeNull();

    // Nothing waits: no more reads.
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('reads nothing again when no reply is waiting', async () => {
    vi.useFakeTimers();
    const read = vi.fn();
    vi.stubGlobal('fetch', read);
    show([reply('sent')]);
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(read).not.toHaveBeenCalled();
  });
});
