import type { LeadDetail } from '../../../../common/inbox-api/lead-schemas';
import { quoteFields, quoteFormFields } from '../../../../common/quote-request';
import { Card } from './card';
import { When } from './when';

/** What the visitor sent: each field of the form ("Not given" when left empty), the page and the time. */
export function RequestCard({ lead }: { lead: LeadDetail }) {
  return (
    <Card title="Request" className="lg:col-start-1 lg:row-start-1">
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[8rem_minmax(0,1fr)]">
        {quoteFields.map((name) => {
          const value = lead.fields[name]?.trim();
          return (
            <div key={name} className="contents">
              <dt className="font-medium text-slate-600">{quoteFormFields[name].label}</dt>
              <dd className="-mt-3 break-words whitespace-pre-wrap text-ink sm:mt-0">
                {value ? value : <span className="text-slate-500 italic">Not given</span>}
              </dd>
            </div>
          );
        })}
        <dt className="font-medium text-slate-600">Sent from</dt>
        <dd className="-mt-3 text-ink sm:mt-0">
          {lead.sourcePage === 'unknown' ? (
            <span className="text-slate-500 italic">An unknown page</span>
          ) : (
            <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{lead.sourcePage}</code>
          )}
        </dd>
        <dt className="font-medium text-slate-600">Received</dt>
        <dd className="-mt-3 text-ink sm:mt-0">
          <When iso={lead.createdAt} />
        </dd>
      </dl>
    </Card>
  );
}
