import type { ReactNode } from 'react';
import type { TimelineEntry } from '../../../../common/inbox-api/lead-schemas';
import { leadStatusLabels } from '../../../../common/lead-domain';
import { staffNameOf } from '../../../../common/staff-name';
import { When } from './when';

function describe(entry: TimelineEntry): ReactNode {
  switch (entry.kind) {
    case 'status':
      return (
        <>
          Changed the status
          {entry.from && ` from ${leadStatusLabels[entry.from]}`}
          {entry.to && ` to ${leadStatusLabels[entry.to]}`}
        </>
      );
    case 'note':
      return 'Added a note';
    case 'spam':
      return entry.by ? 'Marked it as spam' : 'Caught it as spam (the form’s trap field was filled in)';
    case 'not-spam':
      return 'Marked it as not spam';
    case 'retry':
      return 'Sent the notification again';
    case 'delivery':
      return entry.text ?? 'The notification changed state';
    case 'follow-up':
      return entry.text ?? 'Changed the follow-up';
    case 'owner':
      return entry.text ?? 'Changed the owner';
    case 'files':
      return entry.text ?? 'Its files were not kept';
  }
}

/** What happened to the lead and who did it, newest first. */
export function Timeline({ entries }: { entries: readonly TimelineEntry[] }) {
  if (entries.length === 0)
    return <p className="text-slate-600">Nothing yet: status changes and notes appear here.</p>;
  const newestFirst = [...entries].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <ol className="space-y-4 border-l-2 border-slate-200 pl-4">
      {newestFirst.map((entry) => (
        <li key={entry.id}>
          <p className="text-sm text-slate-600">
            <span className="font-medium text-ink">{entry.by ? staffNameOf(entry.by) : 'The website'}</span> ·{' '}
            <When iso={entry.at} />
          </p>
          <p className="mt-0.5 text-slate-800">{describe(entry)}</p>
          {entry.kind === 'note' && entry.text && (
            <p className="mt-1.5 rounded-lg bg-slate-50 px-3 py-2 whitespace-pre-wrap text-slate-800">
              {entry.text}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
