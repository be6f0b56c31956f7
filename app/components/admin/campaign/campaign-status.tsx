import type { CampaignStatus } from '../../../../common/inbox-api/campaign-endpoints';

const campaignStatusLabels: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

const tones: Record<CampaignStatus, string> = {
  draft: 'bg-slate-100 text-slate-700 ring-slate-200',
  scheduled: 'bg-violet-50 text-violet-800 ring-violet-200',
  sending: 'bg-sky-50 text-sky-800 ring-sky-200',
  paused: 'bg-amber-50 text-amber-900 ring-amber-200',
  sent: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tones[status]}`}
    >
      {campaignStatusLabels[status]}
    </span>
  );
}

/** Only a draft or a scheduled campaign can still be edited (the server says the same). */
export const isEditable = (status: CampaignStatus) => status === 'draft' || status === 'scheduled';

/** "about 12 minutes", "about 2 hours 5 minutes", "less than a minute": the time left, roughly. */
export function durationOf(seconds: number): string {
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = `${hours} hour${hours === 1 ? '' : 's'}`;
  return rest === 0 ? `about ${hourText}` : `about ${hourText} ${rest} minute${rest === 1 ? '' : 's'}`;
}

/** "Send to 1 subscriber", "Send to 1,204 subscribers": the words of the confirm button. */
export function sendLabel(count: number): string {
  return `Send to ${count.toLocaleString('en-IN')} subscriber${count === 1 ? '' : 's'}`;
}
