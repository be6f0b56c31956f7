import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quoteFieldMessages, quoteFields, quoteFormFields } from '../../../common/quote-request';
import { sampleQuote } from '../../../common/quote-sample';
import { quoteCallToAction } from '../../content/home';
import { onDemand } from '../../islands/on-demand';
import { QuoteCallToAction } from './quote-call-to-action';
import { QuotePanel } from './quote-panel';
import { QuoteSection } from './quote-section';

type Panel = typeof QuotePanel;

/** The form's code as the home page fetches it: here when the test delivers it (or fails to). */
function formCode() {
  const fetches: { deliver: () => void; fail: () => void }[] = [];
  const fetchCode = vi.fn(
    () =>
      new Promise<Panel>((resolve, reject) => {
        fetches.push({ deliver: () => resolve(QuotePanel), fail: () => reject(new Error('offline')) });
      }),
  );
  return { code: onDemand<ComponentProps<Panel>>(fetchCode), fetchCode, fetches };
}

let root: Root | undefined;

/** The home page's quote section as prerendered, then hydrated with its form's code on demand. */
async function hydrated(code: ReturnType<typeof formCode>['code']) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<QuoteSection callToAction={quoteCallToAction} />);
  document.body.append(container);
  const prerenderedForm = container.querySelector('form');
  await act(async () => {
    root = hydrateRoot(container, <QuoteCallToAction callToAction={quoteCallToAction} code={code} />, {
      onRecoverableError: (error) => {
        throw error;
      },
    });
  });
  return { container, prerenderedForm };
}

const toggle = () => screen.getByRole('button', { name: /Get a Quote|Close Form/ });
const form = (container: HTMLElement) => container.querySelector('form');
const field = (label: string) => screen.getByLabelText(label, { exact: true });

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('the quote form on the home page, its code fetched on demand', () => {
  it('keeps the prerendered form as it is and fetches nothing until the visitor wants the form', async () => {
    const { code, fetchCode } = formCode();
    const { container, prerenderedForm } = await hydrated(code);

    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(form(container)).toBe(prerenderedForm);
    // Still the HTML without JavaScript: shown only as the page's :target.
    expect(form(container)).toHaveClass('hidden', 'target:block');
    expect(fetchCode).not.toHaveBeenCalled();
  });

  it('fetches the code once when the visitor comes to the toggle, and hydrates the same form with it', async () => {
    const { code, fetchCode, fetches } = formCode();
    const { container, prerenderedForm } = await hydrated(code);
    const user = userEvent.setup();

    act(() => toggle().focus());
    fireEvent.pointerDown(toggle());
    expect(fetchCode).toHaveBeenCalledTimes(1);
    // Pressed before the code is here: the toggle answers at once, the prerendered form stays.
    await user.click(toggle());
    expect(toggle()).toHaveTextContent('Close Form');
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(form(container)).toBe(prerenderedForm);

    await act(async () => fetches[0]?.deliver());
    expect(form(container)).toBe(prerenderedForm);
    expect(screen.getByRole('form', { name: 'Quote request' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Submit Request' })).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'wrong');
    await user.tab();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(quoteFieldMessages.emailInvalid);
    expect(fetchCode).toHaveBeenCalledTimes(1);

    await user.click(toggle());
    expect(screen.queryByRole('form', { name: 'Quote request' })).not.toBeInTheDocument();
  });

  it('shows the prerendered form as the toggle is pressed, and takes over what was typed in it before the code came', async () => {
    const { code, fetches } = formCode();
    const { container, prerenderedForm } = await hydrated(code);
    const user = userEvent.setup();

    await user.click(toggle());
    // The toggle is the form's peer: pressed, it shows the form (app.css) while the code loads.
    expect(toggle()).toHaveClass('peer');
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(prerenderedForm).toHaveClass('peer-aria-expanded:block');
    const typed = sampleQuote();
    for (const name of quoteFields) {
      const control = container.querySelector<HTMLInputElement>(`[name="${name}"]`);
      if (control) control.value = typed[name];
    }

    await act(async () => fetches[0]?.deliver());
    expect(form(container)).toBe(prerenderedForm);
    for (const name of quoteFields) expect(field(quoteFormFields[name].label)).toHaveValue(typed[name]);
    expect(screen.getByRole('button', { name: 'Submit Request' })).toBeEnabled();
  });

  it('fetches the code at once when the page is opened at #quote-form', async () => {
    window.history.replaceState(null, '', '/#quote-form');
    const { code, fetchCode, fetches } = formCode();
    const { container } = await hydrated(code);
    expect(fetchCode).toHaveBeenCalledTimes(1);
    await act(async () => fetches[0]?.deliver());
    expect(toggle()).toHaveTextContent('Close Form');
    expect(form(container)).toBeVisible();
    window.history.replaceState(null, '', '/');
  });

  it('tries again on the next intent when the code could not be fetched, logging why', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { code, fetchCode, fetches } = formCode();
    const { container, prerenderedForm } = await hydrated(code);

    fireEvent.pointerDown(toggle());
    await act(async () => fetches[0]?.fail());
    expect(consoleError).toHaveBeenCalledWith('A part of the page could not be loaded:', expect.any(Error));
    expect(form(container)).toBe(prerenderedForm);

    fireEvent.pointerDown(toggle());
    expect(fetchCode).toHaveBeenCalledTimes(2);
    await act(async () => fetches[1]?.deliver());
    await userEvent.setup().click(toggle());
    expect(screen.getByRole('form', { name: 'Quote request' })).toBeVisible();
  });
});
