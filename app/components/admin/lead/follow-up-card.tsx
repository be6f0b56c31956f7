import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { followUpChoices, followUpLabel, parseFollowUpDay } from '../../../../common/follow-up-dates';
import { inboxApi } from '../../../../common/inbox-api/endpoints';
import type { LeadFollowUp } from '../../../../common/inbox-api/follow-up-endpoints';
import { callApi } from '../api';
import { buttonClass } from '../buttons';
import type { LeadActionResult } from '../intents';
import { Notice } from '../notice';
import { SubmitButton } from '../submit-button';
import { Card } from './card';

/** What the follow-up's forms post to the lead page's action. */
const FOLLOW_UP_INTENT = { set: 'follow-up', done: 'follow-up-done' } as const;

/**
 * The lead page's action for the follow-up's forms; undefined for another intent. A date the server
 * refuses (one that has passed) throws its ApiFailure, which the page shows.
 */
export async function followUpAction(
  intent: FormDataEntryValue | null,
  form: FormData,
  lead: { params: { id: string }; from: Request },
): Promise<LeadActionResult | undefined> {
  if (intent === FOLLOW_UP_INTENT.set) {
    const on = String(form.get('on') ?? '');
    if (on === '') return { error: 'Choose the day to follow up on.' };
    const set = await callApi(inboxApi.followUps.set, { ...lead, body: { on } });
    return { done: `Follow-up set for ${followUpLabel(on, set.today)}.` };
  }
  if (intent === FOLLOW_UP_INTENT.done) {
    await callApi(inboxApi.followUps.clear, lead);
    return { done: 'Follow-up done.' };
  }
  return undefined;
}

function When({ followUp: { on, today } }: { followUp: LeadFollowUp & { on: string } }) {
  const label = followUpLabel(on, today);
  const note = on < today ? ' (overdue)' : on === today ? ' (today)' : '';
  return (
    <p className="text-slate-800">
      Follow up on <strong className="text-ink">{label}</strong>
      {note}
    </p>
  );
}

const DAY_HINT = 'For example 30 Nov, or 30 Nov 2027.';

/**
 * The day, written as the inbox writes dates ("Mon 30 Nov"), not in the browser's own format as a date
 * control would show it; quick choices fill it in, and "Set follow-up" posts it as YYYY-MM-DD.
 */
function DateForm({
  followUp,
  fetcher,
}: {
  followUp: LeadFollowUp;
  fetcher: ReturnType<typeof useFetcher<LeadActionResult>>;
}) {
  const id = useId();
  const { today } = followUp;
  const [text, setText] = useState(followUp.on ? followUpLabel(followUp.on, today) : '');
  const [checked, setChecked] = useState(false);
  const on = parseFollowUpDay(text, today);
  const wrong = checked && text.trim() !== '' && !on;
  const pending = fetcher.state !== 'idle' && fetcher.formData?.get('intent') === FOLLOW_UP_INTENT.set;
  return (
    <fetcher.Form
      method="post"
      className="space-y-3"
      onSubmit={(event) => {
        if (text.trim() === '' || on) return;
        event.preventDefault();
        setChecked(true);
      }}
    >
      <input type="hidden" name="intent" value={FOLLOW_UP_INTENT.set} />
      <input type="hidden" name="on" value={on ?? ''} />
      <div>
        <label htmlFor={id} className="block font-medium text-ink">
          Follow up on
        </label>
        <input
          id={id}
          type="text"
          autoComplete="off"
          value={text}
          aria-invalid={wrong || undefined}
          aria-describedby={`${id}-hint${wrong ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setText(event.target.value);
            setChecked(false);
          }}
          onBlur={() => {
            // Written back as the inbox writes it, so what was read is plain: "3 Jan" → "Sun 3 Jan 2027".
            if (on) setText(followUpLabel(on, today));
            setChecked(true);
          }}
          className={`mt-1 min-h-11 w-full rounded-lg border bg-white px-3 text-ink focus:border-brand-600 ${wrong ? 'border-red-600' : 'border-slate-300'}`}
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {DAY_HINT}
        </p>
        {wrong && (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
            This is not a day we can read. Write it as 30 Nov, or 30 Nov 2027.
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Quick choices">
        {followUpChoices(today).map((choice) => (
          <button
            key={choice.label}
            type="button"
            className={buttonClass.small}
            onClick={() => {
              setText(followUpLabel(choice.date, today));
              setChecked(false);
            }}
          >
            {choice.label}
          </button>
        ))}
      </div>
      <SubmitButton pending={pending} pendingLabel="Setting…" className={`${buttonClass.secondary} w-full`}>
        Set follow-up
      </SubmitButton>
    </fetcher.Form>
  );
}

/**
 * The lead's follow-up: the day set, with "Done" to clear it, and the date form to set or change it
 * (quick choices from today in the inbox's time zone). The reminder goes out on the day.
 */
export function FollowUpCard({ followUp }: { followUp: LeadFollowUp }) {
  const fetcher = useFetcher<LeadActionResult>();
  const pending = fetcher.state !== 'idle';
  const { on } = followUp;
  return (
    <Card title="Follow-up">
      <div className="space-y-4">
        {on === null ? (
          <p className="text-slate-600">No follow-up set.</p>
        ) : (
          <fetcher.Form method="post" className="flex flex-wrap items-center justify-between gap-3">
            <input type="hidden" name="intent" value={FOLLOW_UP_INTENT.done} />
            <When followUp={{ ...followUp, on }} />
            <SubmitButton
              pending={pending && fetcher.formData?.get('intent') === FOLLOW_UP_INTENT.done}
              pendingLabel="Clearing…"
              className={buttonClass.small}
            >
              Done
            </SubmitButton>
          </fetcher.Form>
        )}
        <DateForm key={on ?? 'none'} followUp={followUp} fetcher={fetcher} />
        <Notice tone={fetcher.data?.error ? 'error' : 'success'}>
          {pending ? undefined : (fetcher.data?.error ?? fetcher.data?.done)}
        </Notice>
      </div>
    </Card>
  );
}
