import { useEffect, useId, useRef } from 'react';
import { useFetcher } from 'react-router';
import { NOTE_MAX_LENGTH } from '../../../../common/inbox-api/lead-schemas';
import { buttonClass } from '../buttons';
import { LEAD_INTENT, type LeadActionResult } from '../intents';
import { Notice } from '../notice';
import { SubmitButton } from '../submit-button';

/** A new note on the lead; the box empties once it is added. */
export function NoteForm() {
  const fetcher = useFetcher<LeadActionResult>();
  const pending = fetcher.state !== 'idle';
  const hintId = useId();
  const form = useRef<HTMLFormElement>(null);
  // An empty box once the note is added; the text stays if adding it failed.
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.done) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form ref={form} method="post" className="space-y-3">
      <input type="hidden" name="intent" value={LEAD_INTENT.note} />
      <div>
        <label htmlFor="lead-note" className="block font-medium text-ink">
          Note
        </label>
        <textarea
          id="lead-note"
          name="text"
          rows={3}
          required
          maxLength={NOTE_MAX_LENGTH}
          aria-describedby={hintId}
          className="mt-1.5 w-full rounded-lg border border-slate-300 px-3 py-2 text-ink focus:border-brand-600"
        />
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          Only staff see notes: a call, a promise, what to do next.
        </p>
      </div>
      <SubmitButton pending={pending} pendingLabel="Adding…" className={buttonClass.secondary}>
        Add note
      </SubmitButton>
      <Notice tone={fetcher.data?.error ? 'error' : 'success'}>
        {pending ? undefined : (fetcher.data?.error ?? fetcher.data?.done)}
      </Notice>
    </fetcher.Form>
  );
}
