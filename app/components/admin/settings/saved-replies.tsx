import { useEffect, useId, useRef } from 'react';
import { useFetcher } from 'react-router';
import { REPLY_MAX_LENGTH } from '../../../../common/conversation';
import type { SavedReplyEntry } from '../../../../common/inbox-api/conversation-endpoints';
import { buttonClass } from '../buttons';
import { Notice } from '../notice';
import { Panel } from '../panel';
import { SubmitButton } from '../submit-button';
import { SETTINGS_INTENT, type SettingsActionResult } from './settings-intents';

const field = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink';

/** A saved reply's title and text; a new one's form empties once it is saved. */
function SavedReplyForm({ saved }: { saved?: SavedReplyEntry }) {
  const fetcher = useFetcher<SettingsActionResult>();
  const pending = fetcher.state !== 'idle';
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  useEffect(() => {
    if (!saved && fetcher.state === 'idle' && fetcher.data?.done) form.current?.reset();
  }, [saved, fetcher.state, fetcher.data]);
  return (
    <fetcher.Form ref={form} method="post" className="space-y-3">
      <input type="hidden" name="intent" value={SETTINGS_INTENT.saveSavedReply} />
      {saved && <input type="hidden" name="id" value={saved.id} />}
      <div>
        <label htmlFor={`${id}-title`} className="block text-sm font-medium text-slate-700">
          Title
        </label>
        <input
          id={`${id}-title`}
          name="title"
          required
          maxLength={100}
          defaultValue={saved?.title}
          className={field}
        />
      </div>
      <div>
        <label htmlFor={`${id}-body`} className="block text-sm font-medium text-slate-700">
          Reply text
        </label>
        <textarea
          id={`${id}-body`}
          name="body"
          rows={4}
          required
          maxLength={REPLY_MAX_LENGTH}
          defaultValue={saved?.body}
          className={field}
        />
      </div>
      <SubmitButton pending={pending} pendingLabel="Saving…" className={buttonClass.secondary}>
        {saved ? 'Save changes' : 'Add saved reply'}
      </SubmitButton>
      <Notice tone={fetcher.data?.error ? 'error' : 'success'}>
        {pending ? undefined : (fetcher.data?.error ?? fetcher.data?.done)}
      </Notice>
    </fetcher.Form>
  );
}

function RemoveButton({ saved }: { saved: SavedReplyEntry }) {
  const fetcher = useFetcher<SettingsActionResult>();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={SETTINGS_INTENT.removeSavedReply} />
      <input type="hidden" name="id" value={saved.id} />
      <SubmitButton
        pending={fetcher.state !== 'idle'}
        pendingLabel="Deleting…"
        className={buttonClass.dangerOutline}
      >
        Delete “{saved.title}”
      </SubmitButton>
    </fetcher.Form>
  );
}

/** Settings → Saved replies: texts staff insert into a lead's Reply field, {name} and {reference} filled in. */
export function SavedReplies({ savedReplies }: { savedReplies: readonly SavedReplyEntry[] }) {
  return (
    <Panel title="Saved replies">
      <p className="mt-1 max-w-3xl text-slate-600">
        Texts to insert into a lead’s Reply field. <code>{'{name}'}</code> becomes the lead’s name and{' '}
        <code>{'{reference}'}</code> its reference (e.g. Q-7F3K9C). The company’s signature is added to every
        reply.
      </p>
      {savedReplies.length > 0 && (
        <ul className="mt-4 space-y-3">
          {savedReplies.map((saved) => (
            <li key={saved.id} className="rounded-lg border border-slate-200 p-4">
              <details>
                <summary className="cursor-pointer font-medium text-ink">{saved.title}</summary>
                <div className="mt-3 space-y-3">
                  <SavedReplyForm saved={saved} />
                  <RemoveButton saved={saved} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-6 font-semibold">Add a saved reply</h3>
      <div className="mt-2">
        <SavedReplyForm />
      </div>
    </Panel>
  );
}
