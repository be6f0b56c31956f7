import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { quoteFieldMessages as m } from '../../../common/quote-request';
import { QuoteSection } from './quote-section';
import { quoteCallToAction } from '../../content/home';

/** The form opened, and a way to put text in a field as a paste does (user.type reads braces as keys). */
async function openForm() {
  window.history.replaceState(null, '', '/');
  const user = userEvent.setup();
  render(<QuoteSection callToAction={quoteCallToAction} />);
  await user.click(screen.getByRole('button', { name: 'Get a Quote' }));
  const enter = async (label: string, text: string) => {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    await user.click(field);
    await user.paste(text);
    await user.tab();
    return field;
  };
  return { enter };
}

describe('QuoteForm: characters a visitor cannot see', () => {
  it('takes a name or message of zero-width characters only as missing', async () => {
    const { enter } = await openForm();
    expect(await enter('Name', '\u200b\u2060\ufeff')).toHaveAccessibleDescription(m.nameRequired);
    expect(await enter('Message', '\u200b \u200b')).toHaveAccessibleDescription(
      expect.stringContaining(m.messageRequired),
    );
    expect(screen.getByRole('button', { name: 'Submit Request' })).toBeDisabled();
  });

  it('refuses a direction control in the message, phone and email, and says why', async () => {
    const { enter } = await openForm();
    const message = await enter('Message', 'Please call me \u202egnp.exe\u202c');
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveAccessibleDescription(expect.stringContaining(m.messageDirection));
    expect(await enter('Phone', '\u202a+91 98000 00000\u202c')).toHaveAccessibleDescription(m.phoneDirection);
    expect(await enter('Email', 'priya\u2066@company.in')).toHaveAccessibleDescription(m.emailHidden);
    expect(await enter('Message', 'Please call me')).not.toHaveAttribute('aria-invalid');
  });
});
