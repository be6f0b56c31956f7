import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newsletterConsent, newsletterMessages } from '../../../common/newsletter';
import { enhanceNewsletterForms } from '../../islands/newsletter-form';
import { NewsletterForm } from './newsletter-form';

/** The footer's form as prerendered, sent in place by the site's script. */
function renderForm() {
  render(<NewsletterForm appearance="footer" />);
  enhanceNewsletterForms(document);
  return {
    user: userEvent.setup(),
    input: screen.getByRole('textbox', { name: 'E-mail address' }),
    button: () => screen.getByRole('button', { name: /Subscribe|Sending/ }),
  };
}

function replyWith(status: number, text: string) {
  const fetchMock = vi.fn().mockResolvedValue(new Response(text, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the newsletter form', () => {
  it('has one required email field, a Subscribe button and the consent notice', () => {
    const { input, button } = renderForm();
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('type', 'email');
    expect(button()).toHaveTextContent('Subscribe');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(newsletterConsent.text));
    expect(screen.getByRole('link', { name: 'How we handle your data' })).toHaveAttribute(
      'href',
      '/privacypolicy#newsletter',
    );
  });

  it('posts the address and, when accepted, says to check the inbox and clears the field', async () => {
    const fetchMock = replyWith(200, 'ok');
    const { user, input, button } = renderForm();
    await user.type(input, 'priya@company.in');
    await user.click(button());

    expect(await screen.findByText(newsletterMessages.accepted)).toBeInTheDocument();
    expect(input).toHaveValue('');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/newsletter');
    expect((init.body as FormData).get('email')).toBe('priya@company.in');
    expect((init.body as FormData).get('website')).toBe('');
  });

  it("shows the server's reason for a refusal the visitor can fix, and keeps the address", async () => {
    replyWith(429, 'Too many sign-ups from your network. Please try again in 10 minutes.');
    const { user, input, button } = renderForm();
    await user.type(input, 'priya@company.in');
    await user.click(button());

    expect(await screen.findByText(/Too many sign-ups/)).toBeInTheDocument();
    expect(input).toHaveValue('priya@company.in');
  });

  it('says to try later when the server fails or cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, input, button } = renderForm();
    await user.type(input, 'priya@company.in');
    await user.click(button());

    expect(await screen.findByText(newsletterMessages.failure)).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });

  it('cannot be sent twice while it is sending', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const { user, input, button } = renderForm();
    await user.type(input, 'priya@company.in');
    await user.click(button());
    expect(button()).toBeDisabled();
    await user.type(input, '{Enter}');
    answer(new Response('ok'));
    await waitFor(() => expect(screen.getByText(newsletterMessages.accepted)).toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
