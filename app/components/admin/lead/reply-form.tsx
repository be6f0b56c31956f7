import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { fillSavedReply, REPLY_MAX_LENGTH } from '../../../../common/conversation';
import type { SavedReplyEntry } from '../../../../common/inbox-api/conversation-endpoints';
import { buttonClass } from '../buttons';
import { LEAD_INTENT, type LeadActionResult } from '../intents';
import { Notice } from '../notice';
import { SubmitButton } from '../submit-button';

/** Inserts a saved reply (its {name} and {reference} filled in) where the Reply field ends. */
function SavedReplyPicker({
  savedReplies,
  onInsert,
}: {
  savedReplies: readonly SavedReplyEntry[];
  onInsert: (body: string) => void;
}) {
  const [chosen, setChosen] = useState('');
  if (savedReplies.length === 0) return null;
  const insert = () => {
    const found = savedReplies.find((saved) => String(saved.id) === chosen);
    if (found) onInsert(found.body);
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor="saved-reply" className="block text-sm font-medium text-ink">
          Saved reply
        </label>
        <select
          id="saved-reply"
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          className="mt-1 max-w-full rounded-lg border border-slate-300 px-3 py-2 text-ink"
        >
          <option value="">Choose…</option>
          {savedReplies.map((saved) => (
            <option key={saved.id} value={saved.id}>
              {saved.title}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className={buttonClass.secondary} onClick={insert} disabled={chosen === ''}>
        Insert
      </button>
    </div>
  );
}

/** The Reply field (plain text; the company's signature is added) and "Send reply". */
export function ReplyForm({
  lead,
  savedReplies,
  disabledReason,
}: {
  lead: { name: string; reference: string; email: string };
  savedReplies: readonly SavedReplyEntry[];
  /** Why no reply can be sent (a spam lead); the form is then not shown. */
  disabledReason?: string | undefined;
}) {
  const fetcher = useFetcher<LeadActionResult>();
  const pending = fetcher.state !== 'idle';
  const hintId = useId();
  const form = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  // An empty field once the reply is queued; the text stays if sending it failed.
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.done) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  if (disabledReason) return <p className="text-slate-700">{disabledReason}</p>;
  const insert = (body: string) => {
    const box = field.current;
    if (!box) return;
    const filled = fillSavedReply(body, lead);
    box.value = box.value.trim() === '' ? filled : `${box.value.trimEnd()}\n\n${filled}`;
    box.focus();
  };
  return (
    <fetcher.Form ref={form} method="post" className="space-y-3">
      <input type="hidden" name="intent" value={LEAD_INTENT.reply} />
      <SavedReplyPicker savedReplies={savedReplies} onInsert={insert} />
      <div>
        <label htmlFor="reply-text" className="block font-medium text-ink">
          Reply
        </label>
        <textarea
          id="reply-text"
          name="text"
          rows={6}
          required
          maxLength={REPLY_MAX_LENGTH}
          ref={field}
          aria-describedby={hintId}
          className="mt-1.5 w-full rounded-lg border border-slate-300 px-3 py-2 text-ink focus:border-brand-600"
        />
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          Plain text, emailed to {lead.email} with the company’s signature.
        </p>
      </div>
      <SubmitButton pending={pending} pendingLabel="Sending…" className={buttonClass.primary}>
        Send reply
      </SubmitButton>
      <Notice tone={fetcher.data?.error ? 'error' : 'success'}>
        {pending ? undefined : (fetcher.data?.error ?? fetcher.data?.done)}
      </Notice>
    </fetcher.Form>
  );
}
