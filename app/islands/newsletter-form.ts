import { NEWSLETTER_ENDPOINT, newsletterMessages } from '../../common/newsletter';
import { footerContent } from '../content/footer';
import { postForm, type FormReply } from '../lib/post-form';

type Outcome = { kind: 'done' | 'error'; text: string };

/** The reply's own text for a refusal the visitor can fix (400, 429); a generic text otherwise. */
function outcomeOf(reply: FormReply | null): Outcome {
  if (reply && reply.status >= 200 && reply.status < 300)
    return { kind: 'done', text: newsletterMessages.accepted };
  if (reply && (reply.status === 400 || reply.status === 429) && reply.text.trim()) {
    return { kind: 'error', text: reply.text.trim() };
  }
  return { kind: 'error', text: newsletterMessages.failure };
}

/**
 * Sends the footer's newsletter form in place (components/newsletter/newsletter-form.tsx):
 * the button says "Sending…" and cannot be pressed twice, the reply shows in
 * the form's live region, and a successful sign-up clears the field. No
 * framework: a few hundred bytes on every page.
 */
export function enhanceNewsletterForms(root: ParentNode = document) {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-newsletter-form]')) {
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    const status = form.querySelector<HTMLElement>('[data-newsletter-status]');
    if (!button || !status) continue;
    let sending = false;
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (sending) return;
      sending = true;
      button.disabled = true;
      button.textContent = 'Sending…';
      status.replaceChildren();
      const outcome = outcomeOf(
        await postForm(NEWSLETTER_ENDPOINT, new FormData(form), 'The newsletter sign-up'),
      );
      const message = document.createElement('p');
      message.className = `mt-3 text-sm font-medium ${outcome.kind === 'done' ? 'text-emerald-300' : 'text-red-300'}`;
      message.textContent = outcome.text;
      status.replaceChildren(message);
      if (outcome.kind === 'done') form.reset();
      button.textContent = footerContent.newsletter.button;
      button.disabled = false;
      sending = false;
    });
  }
}
