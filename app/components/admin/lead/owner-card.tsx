import { useFetcher } from 'react-router';
import { inboxApi } from '../../../../common/inbox-api/endpoints';
import type { LeadSummary } from '../../../../common/inbox-api/lead-schemas';
import type { Person } from '../../../../common/inbox-api/team-endpoints';
import { callApi } from '../api';
import { buttonClass } from '../buttons';
import type { LeadActionResult } from '../intents';
import { Notice } from '../notice';
import { SubmitButton } from '../submit-button';
import { Card } from './card';

const OWNER_INTENT = 'owner';
const NOBODY = '';

/** The lead page's post of a new owner; undefined for another intent. */
export async function ownerAction(
  intent: FormDataEntryValue | null,
  form: FormData,
  lead: { params: { id: string }; from: Request },
): Promise<LeadActionResult | undefined> {
  if (intent !== OWNER_INTENT) return undefined;
  const chosen = String(form.get('owner') ?? NOBODY);
  const ownerId = chosen === NOBODY ? null : Number(chosen);
  await callApi(inboxApi.leads.setOwner, { ...lead, body: { ownerId } });
  return {
    done:
      ownerId === null ? 'The lead has no owner now.' : `Owner changed to ${String(form.get('ownerName'))}.`,
  };
}

/**
 * "Owner": who answers this lead, a person of the team or nobody, saved with the button. A revoked owner
 * still shows by name (and can be replaced).
 */
export function OwnerCard({ owner, people }: { owner: LeadSummary['owner']; people: readonly Person[] }) {
  const fetcher = useFetcher<LeadActionResult>();
  const pending = fetcher.state !== 'idle';
  const listed =
    owner && !people.some((person) => person.id === owner.id) ? [...people, { ...owner, email: '' }] : people;
  return (
    <Card title="Owner">
      <fetcher.Form
        method="post"
        className="space-y-3"
        onSubmit={(event) => {
          const select = event.currentTarget.elements.namedItem('owner');
          const name = event.currentTarget.elements.namedItem('ownerName');
          if (select instanceof HTMLSelectElement && name instanceof HTMLInputElement)
            name.value = select.selectedOptions[0]?.text ?? '';
        }}
      >
        <input type="hidden" name="intent" value={OWNER_INTENT} />
        <input type="hidden" name="ownerName" />
        <label htmlFor="lead-owner" className="sr-only">
          Owner
        </label>
        <select
          key={owner?.id ?? NOBODY}
          id="lead-owner"
          name="owner"
          defaultValue={owner ? String(owner.id) : NOBODY}
          className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-ink focus:border-brand-600"
        >
          <option value={NOBODY}>Nobody (unassigned)</option>
          {listed.map((person) => (
            <option key={person.id} value={String(person.id)}>
              {person.name}
            </option>
          ))}
        </select>
        <SubmitButton pending={pending} pendingLabel="Saving…" className={`${buttonClass.secondary} w-full`}>
          Save owner
        </SubmitButton>
        <Notice tone={fetcher.data?.error ? 'error' : 'success'}>
          {pending ? undefined : (fetcher.data?.error ?? fetcher.data?.done)}
        </Notice>
      </fetcher.Form>
    </Card>
  );
}
