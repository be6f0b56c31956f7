import type { Delivery } from '../../../common/inbox-api/lead-schemas';
import { type LeadStatus, leadStatusLabels } from '../../../common/lead-domain';

const pill =
  'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

const statusTones: Record<LeadStatus, string> = {
  new: 'bg-sky-50 text-sky-800 ring-sky-200',
  contacted: 'bg-amber-50 text-amber-900 ring-amber-200',
  quoted: 'bg-violet-50 text-violet-800 ring-violet-200',
  won: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  lost: 'bg-slate-100 text-slate-700 ring-slate-200',
};

export function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`${pill} ${statusTones[status]}`}>{leadStatusLabels[status]}</span>;
}

export function SpamBadge() {
  return <span className={`${pill} bg-red-50 text-red-800 ring-red-200`}>Spam</span>;
}

/** What a delivery is called in a list, short. */
const deliveryLabels: Record<Delivery['state'], string> = {
  sent: 'Emailed',
  written: 'Kept, not emailed',
  pending: 'Email pending',
  dead: 'Email failed',
  none: 'No email',
};

const deliveryTones: Record<Delivery['state'], string> = {
  sent: 'bg-white text-emerald-800 ring-emerald-200',
  written: 'bg-white text-amber-900 ring-amber-300',
  pending: 'bg-white text-sky-800 ring-sky-200',
  dead: 'bg-red-700 text-white ring-red-700',
  none: 'bg-white text-slate-600 ring-slate-200',
};

/** How the notification to the company went, in a word or two. */
export function DeliveryBadge({ delivery }: { delivery: Delivery }) {
  return (
    <span className={`${pill} ${deliveryTones[delivery.state]}`}>
      <span className="sr-only">Notification: </span>
      {deliveryLabels[delivery.state]}
    </span>
  );
}

/** An answer of the client nobody has opened yet. */
export function NewReplyBadge() {
  return <span className={`${pill} bg-brand-700 text-white ring-brand-700`}>New reply</span>;
}
