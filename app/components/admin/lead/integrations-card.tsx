import { Link } from 'react-router';
import { inboxPaths } from '../../../../common/inbox-paths';
import type { IntegrationDelivery } from '../../../../common/inbox-api/lead-schemas';
import { integrationKindLabels } from '../../../../common/integration-domain';
import { buttonClass } from '../buttons';
import { countOf, formatShortWhen } from '../format';
import { useTimeZone } from '../me';
import { Card } from './card';

/** What an event is, when a lead has more than one at an integration. */
const eventLabels: Record<IntegrationDelivery['event'], string> = {
  'lead.created': 'new lead',
  'lead.status_changed': 'status change',
};

/** A short kind name for the line: "Slack", "Webhook", "Teams". */
const shortKinds: Record<IntegrationDelivery['kind'], string> = {
  webhook: 'Webhook',
  slack: 'Slack',
  teams: 'Teams',
};

function DeliveryLine({
  delivery,
  showEvent,
  showId,
}: {
  delivery: IntegrationDelivery;
  showEvent: boolean;
  showId: boolean;
}) {
  const timeZone = useTimeZone();
  const at = (iso: string) => <time dateTime={iso}>{formatShortWhen(iso, timeZone)}</time>;
  const name = (
    <span className="font-semibold text-ink">
      <abbr title={integrationKindLabels[delivery.kind]} className="no-underline">
        {shortKinds[delivery.kind]}
      </abbr>
      {showId && ` #${delivery.integrationId}`}
      {showEvent && <span className="font-normal text-slate-600"> ({eventLabels[delivery.event]})</span>}
    </span>
  );
  switch (delivery.state) {
    case 'delivered':
      return (
        <p>
          {name} <span className="text-emerald-800">✓</span>
          <span className="sr-only"> delivered</span> {delivery.deliveredAt && at(delivery.deliveredAt)}
        </p>
      );
    case 'waiting':
      return (
        <p>
          {name}: waiting{delivery.nextAttemptAt && <>, next try {at(delivery.nextAttemptAt)}</>}
          {delivery.attempts > 0 && `, after ${countOf(delivery.attempts, 'failed attempt')}`}
          {delivery.lastError && <ErrorText text={delivery.lastError} />}
        </p>
      );
    case 'sending':
      return <p>{name}: sending now</p>;
    case 'cancelled':
      return <p>{name}: withdrawn, not sent</p>;
    case 'dead':
      return (
        <div>
          <p>
            {name} <span className="text-red-800">✗</span> not delivered: the server gave up after{' '}
            {countOf(delivery.attempts, 'attempt')}.
          </p>
          {delivery.lastError && <ErrorText text={delivery.lastError} />}
          <Link to={`${inboxPaths.outbox}?status=dead`} className={`${buttonClass.link} text-sm`}>
            Retry it in the Outbox
          </Link>
        </div>
      );
  }
}

function ErrorText({ text }: { text: string }) {
  return (
    <code className="mt-1 block rounded bg-slate-100 px-1.5 py-0.5 text-sm break-words text-slate-800">
      {text}
    </code>
  );
}

/**
 * What became of the lead at each integration (Slack, Teams, webhooks): "Slack ✓ 4:15 pm", "Webhook: waiting,
 * next try 4:35 pm". Not shown when nothing was sent to any (none set up, or spam).
 */
export function IntegrationsCard({ deliveries }: { deliveries: IntegrationDelivery[] | undefined }) {
  // Replies are not parsed by the page, so the contract's default ([]) is not applied: a server that
  // answers without the field (one from before integrations) shows nothing rather than breaking.
  if (!deliveries || deliveries.length === 0) return null;
  const border = deliveries.some((delivery) => delivery.state === 'dead')
    ? 'border-red-300 ring-2 ring-red-100'
    : 'border-slate-200';
  const manyEvents = new Set(deliveries.map((delivery) => delivery.event)).size > 1;
  // Two Slack integrations: each is named by its number too, as Settings and the Outbox name them.
  const kindsSeen = new Map<IntegrationDelivery['kind'], Set<number>>();
  for (const { kind, integrationId } of deliveries)
    kindsSeen.set(kind, (kindsSeen.get(kind) ?? new Set()).add(integrationId));
  const sameKind = new Set([...kindsSeen].filter(([, ids]) => ids.size > 1).map(([kind]) => kind));
  return (
    <Card title="Integrations" border={border}>
      <ul className="space-y-2 text-slate-700">
        {deliveries.map((delivery, index) => (
          // Oldest first and never reordered: the place tells two status changes apart.
          <li key={`${delivery.integrationId}-${delivery.event}-${index}`}>
            <DeliveryLine delivery={delivery} showEvent={manyEvents} showId={sameKind.has(delivery.kind)} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
