import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quoteMessages } from '../../../common/quote-messages';
import { quoteFieldMessages, quoteFields, quoteFormFields } from '../../../common/quote-request';
import { sampleQuote } from '../../../common/quote-sample';
import { QuoteSection } from './quote-section';
import { quoteCallToAction } from '../../content/home';

/** The island as the home page has it, at an address with this #fragment. */
function renderSection(hash = '') {
  window.history.replaceState(null, '', `/${hash}`);
  const user = userEvent.setup();
  render(<QuoteSection callToAction={quoteCallToAction} />);
  return { user };
}

const toggle = () => screen.getByRole('button', { name: /Get a Quote|Close Form/ });
const submit = () => screen.getByRole('button', { name: /Submit Request|Sending/ });
const field = (label: string) => screen.getByLabelText(label);

/** What the tests type: a value in every field of the form. */
const typed = sampleQuote();

async function openAndFill(user: ReturnType<typeof userEvent.setup>) {
  await user.click(toggle());
  for (const name of quoteFields) {
    if (typed[name]) await user.type(field(quoteFormFields[name].label), typed[name]);
  }
}

function replyWith(text: string) {
  const fetchMock = vi.fn().mockResolvedValue(new Response(text, { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('QuoteSection toggle', () => {
  it('hides the form by default and toggles it with Get a Quote / Close Form', async () => {
    const { user } = renderSection();
    expect(toggle()).toHaveTextContent('Get a Quote');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveAttribute('aria-controls', 'quote-form');
    expect(screen.queryByRole('form', { name: 'Quote request' })).not.toBeInTheDocument();

    await user.click(toggle());
    expect(toggle()).toHaveTextContent('Close Form');
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('form', { name: 'Quote request' })).toHaveAttribute('id', 'quote-form');

    await user.click(toggle());
    expect(toggle()).toHaveTextContent('Get a Quote');
    expect(screen.queryByRole('form', { name: 'Quote request' })).not.toBeInTheDocument();
  });

  it('opens the form when the page is opened at #quote-form', () => {
    renderSection('#quote-form');
    expect(toggle()).toHaveTextContent('Close Form');
    expect(screen.getByRole('form', { name: 'Quote request' })).toBeVisible();
  });
});

describe('QuoteForm validation', () => {
  it('keeps submit disabled until every required field is valid; the optional ones (phone) may stay empty', async () => {
    const { user } = renderSection();
    await user.click(toggle());
    const required = quoteFields.filter((name) => quoteFormFields[name].required);
    expect(required).toEqual(expect.arrayContaining(['name', 'email', 'message']));
    expect(required).not.toContain('phone');
    for (const name of required) {
      expect(submit()).toBeDisabled();
      await user.type(field(quoteFormFields[name].label), typed[name]);
    }
    expect(submit()).toBeEnabled();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'not-an-email');
    expect(submit()).toBeDisabled();
  });

  it('shows a field error only after the field is touched, tied with aria-invalid and aria-describedby', async () => {
    const { user } = renderSection();
    await user.click(toggle());
    const email = field('Email');
    await user.type(email, 'wrong');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(quoteFieldMessages.emailInvalid)).not.toBeInTheDocument();

    await user.tab();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(quoteFieldMessages.emailInvalid);

    await user.clear(email);
    await user.type(email, 'priya@company.in');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(quoteFieldMessages.emailInvalid)).not.toBeInTheDocument();
  });

  it('reports a required field left empty', async () => {
    const { user } = renderSection();
    await user.click(toggle());
    await user.click(field('Name'));
    await user.tab();
    expect(field('Name')).toHaveAccessibleDescription(quoteFieldMessages.nameRequired);
  });

  it('refuses a name with any bidirectional control (U+202A–U+202E, U+2066–U+2069), and says why', async () => {
    const { user } = renderSection();
    await user.click(toggle());
    const controls = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
    for (const control of controls) {
      await user.clear(field('Name'));
      await user.type(field('Name'), `Priya ${String.fromCodePoint(control)}gnp.exe`);
      await user.tab();
      expect(field('Name'), control.toString(16)).toHaveAttribute('aria-invalid', 'true');
      expect(field('Name'), control.toString(16)).toHaveAccessibleDescription(
        quoteFieldMessages.nameDirection,
      );
    }
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Priya Sharma');
    expect(field('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('refuses letters in the phone number', async () => {
    const { user } = renderSection();
    await user.click(toggle());
    await user.type(field('Phone'), 'call me');
    await user.tab();
    expect(field('Phone')).toHaveAccessibleDescription(quoteFieldMessages.phoneInvalid);
  });

  it('applies the length limits in the fields themselves', async () => {
    const { user } = renderSection();
    await user.click(toggle());
    expect(field('Name')).toHaveAttribute('maxlength', '100');
    expect(field('Email')).toHaveAttribute('maxlength', '254');
    expect(field('Phone')).toHaveAttribute('maxlength', '30');
    expect(field('Message')).toHaveAttribute('maxlength', '5000');
  });
});

describe('QuoteForm sending', () => {
  it('posts multipart form data with every field (name, email, phone, message) to /api/quote', async () => {
    const fetchMock = replyWith('success');
    const { user } = renderSection();
    await openAndFill(user);
    await user.click(submit());

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/quote');
    expect(init.method).toBe('POST');
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('name')).toBe('Priya Sharma');
    expect(body.get('phone')).toBe('+91 98000 00000');
    for (const name of quoteFields) expect(body.get(name)).toBe(typed[name]);
  });

  it('on success shows the message, resets and hides the form, and returns focus to the toggle', async () => {
    replyWith('success');
    const { user } = renderSection();
    await openAndFill(user);
    await user.click(submit());

    expect(await screen.findByRole('status')).toHaveTextContent(quoteMessages.success);
    expect(screen.queryByRole('form', { name: 'Quote request' })).not.toBeInTheDocument();
    expect(toggle()).toHaveTextContent('Get a Quote');
    expect(toggle()).toHaveFocus();

    await user.click(toggle());
    expect(field('Name')).toHaveValue('');
    expect(field('Message')).toHaveValue('');
  });

  it("on a success without its files (the site's limit for the day) says the files were not kept", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(new Response('success', { status: 200, headers: { 'Quote-Files': 'not-kept' } })),
    );
    const { user } = renderSection();
    await openAndFill(user);
    await user.click(submit());

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(quoteMessages.success);
    expect(status).toHaveTextContent(quoteMessages.filesNotKept);
  });

  it('on any other reply shows the error text and keeps the input', async () => {
    replyWith('Mailer failed');
    const { user } = renderSection();
    await openAndFill(user);
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(quoteMessages.failure);
    for (const name of quoteFields) expect(field(quoteFormFields[name].label)).toHaveValue(typed[name]);
    expect(toggle()).toHaveTextContent('Close Form');
  });

  it('on a network failure logs the error and shows the try-again-later text', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderSection();
    await openAndFill(user);
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(quoteMessages.transportFailure);
    expect(consoleError).toHaveBeenCalled();
    expect(field('Email')).toHaveValue('priya@company.in');
  });

  it('shows that it is sending and cannot be submitted twice', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderSection();
    await openAndFill(user);
    await user.click(submit());

    expect(submit()).toHaveTextContent('Sending…');
    expect(submit()).toBeDisabled();
    await user.click(submit());
    await user.type(field('Message'), '{Enter}');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    answer(new Response('success'));
    expect(await screen.findByRole('status')).toHaveTextContent(quoteMessages.success);
  });
});
