import { useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { DeliveryAttempt, Integration } from '../../../../common/inbox-api/settings-endpoints';
import { integrationKindLabels } from '../../../../common/integration-domain';
import { sentencePart, settingsCopy } from '../../../content/admin-settings';
import { buttonClass } from '../buttons';
import { ConfirmDialog } from '../confirm-dialog';
import { useFocusRescue } from '../focus';
import { formatWhen } from '../format';
import { Icon } from '../icons';
import { useTimeZone } from '../me';
import { Notice } from '../notice';
import { SubmitButton } from '../submit-button';
import { deliveryLine } from './delivery-text';
import { DeliveryLog } from './delivery-log';
import { SETTINGS_INTENT, type SettingsActionResult } from './settings-intents';
import { ShownOncePanel } from './shown-once';

const copy = settingsCopy.integrations;
const pill = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

/** What integrations are called in the inbox, as the outbox names them too: "Slack #3". */
const integrationName = (integration: Pick<Integration, 'kind' | 'id'>) =>
  `${integrationKindLabels[integration.kind]} #${integration.id}`;

/** An attempt in a line; `said` when the words around it already say whether it went through. */
function AttemptText({ attempt, said = false }: { attempt: DeliveryAttempt; said?: boolean }) {
  const timeZone = useTimeZone();
  return (
    <>
      <span className={attempt.ok ? 'text-emerald-800' : 'text-red-800'}>
        {!said && <span className="sr-only">{attempt.ok ? 'Delivered: ' : 'Failed: '}</span>}
        {deliveryLine(attempt, timeZone)}
      </span>
      {attempt.error && <span className="block break-words text-slate-700">{attempt.error}</span>}
    </>
  );
}

/** "Send test event": the result is said where the button is, politely to a screen reader. */
function SendTest({ integration, name }: { integration: Integration; name: string }) {
  const fetcher = useFetcher<SettingsActionResult>();
  const pending = fetcher.state !== 'idle';
  const data = pending ? undefined : fetcher.data;
  return (
    <fetcher.Form method="post" className="contents">
      <input type="hidden" name="intent" value={SETTINGS_INTENT.test} />
      <input type="hidden" name="id" value={integration.id} />
      <SubmitButton pending={pending} pendingLabel={copy.sendingTest} className={buttonClass.small}>
        {copy.sendTest}
        <span className="sr-only"> to {name}</span>
      </SubmitButton>
      <div role="status" className="order-last w-full text-sm empty:hidden">
        {data?.test && (
          <p>
            Test event {data.test.ok ? 'delivered' : 'not delivered'}:{' '}
            <AttemptText attempt={data.test} said />
          </p>
        )}
      </div>
      {/* Below the buttons, and only when there is something to say: an empty one would push them apart. */}
      <div className="order-last hidden w-full has-[p]:block">
        <Notice tone="error">{data?.error}</Notice>
      </div>
    </fetcher.Form>
  );
}

function Toggle({ integration, name }: { integration: Integration; name: string }) {
  const fetcher = useFetcher<SettingsActionResult>();
  const pending = fetcher.state !== 'idle';
  const data = pending ? undefined : fetcher.data;
  return (
    <fetcher.Form method="post" className="contents">
      <input
        type="hidden"
        name="intent"
        value={integration.enabled ? SETTINGS_INTENT.disable : SETTINGS_INTENT.enable}
      />
      <input type="hidden" name="id" value={integration.id} />
      <SubmitButton pending={pending} pendingLabel="Saving…" className={buttonClass.small}>
        {integration.enabled ? copy.turnOff : copy.turnOn}
        <span className="sr-only"> {name}</span>
      </SubmitButton>
      <span role="status" className="sr-only">
        {data?.done ?? ''}
      </span>
      {data?.error && (
        <div className="order-last w-full">
          <Notice tone="error">{data.error}</Notice>
        </div>
      )}
    </fetcher.Form>
  );
}

function Rotate({ integration, name }: { integration: Integration; name: string }) {
  const fetcher = useFetcher<SettingsActionResult>();
  // The new secret stays shown until dismissed (the reply it came in is remembered as dismissed).
  const [dismissed, setDismissed] = useState<SettingsActionResult | undefined>();
  const data = fetcher.state === 'idle' ? fetcher.data : undefined;
  const shown = data && data !== dismissed ? data.shownOnce : undefined;
  return (
    <>
      <ConfirmDialog
        triggerLabel={
          <>
            <Icon name="key" />
            {copy.rotate}
            <span className="sr-only"> of {name}</span>
          </>
        }
        triggerClassName={buttonClass.small}
        title={copy.rotateTitle}
        confirmLabel={copy.rotateConfirm}
        confirmClassName={buttonClass.primary}
        pendingLabel={copy.rotating}
        fetcher={fetcher}
        fields={{ intent: SETTINGS_INTENT.rotate, id: String(integration.id) }}
      >
        <p>{copy.rotateBody}</p>
      </ConfirmDialog>
      {shown && (
        <div className="order-last w-full">
          <ShownOncePanel shown={shown} onDone={() => setDismissed(data)} />
        </div>
      )}
    </>
  );
}

function Remove({ integration, name }: { integration: Integration; name: string }) {
  const fetcher = useFetcher<SettingsActionResult>();
  return (
    <ConfirmDialog
      triggerLabel={
        <>
          <Icon name="trash" />
          {copy.remove}
          <span className="sr-only"> {name}</span>
        </>
      }
      triggerClassName={buttonClass.small}
      title={`Remove ${name}?`}
      confirmLabel={copy.removeConfirm}
      pendingLabel={copy.removing}
      fetcher={fetcher}
      fields={{ intent: SETTINGS_INTENT.remove, id: String(integration.id), label: name }}
    >
      <p>
        It posts to <code className="break-all">{integration.maskedUrl}</code>.
      </p>
      <p>{copy.removeBody}</p>
    </ConfirmDialog>
  );
}

/** One integration: what it is, whether it is on, how its latest delivery went, and what can be done to it. */
export function IntegrationItem({ integration }: { integration: Integration }) {
  const row = useRef<HTMLLIElement>(null);
  useFocusRescue(row);
  const timeZone = useTimeZone();
  const name = integrationName(integration);
  return (
    <li ref={row} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-ink">
            {integrationKindLabels[integration.kind]}{' '}
            <span className="font-normal text-slate-600">#{integration.id}</span>
          </h3>
          <p className="mt-0.5 font-mono text-sm break-all text-slate-700">{integration.maskedUrl}</p>
        </div>
        <span
          className={`${pill} ${integration.enabled ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-amber-50 text-amber-900 ring-amber-300'}`}
        >
          {integration.enabled ? 'On' : 'Off'}
        </span>
      </div>
      {!integration.enabled && (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <Icon name="alert" className="mt-0.5 size-4 text-amber-700" />
          <span>
            Turned off{integration.disabledReason ? `: ${sentencePart(integration.disabledReason)}` : ''}.
          </span>
        </p>
      )}
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-slate-600">Latest delivery</dt>
        <dd>
          {integration.lastDelivery ? <AttemptText attempt={integration.lastDelivery} /> : copy.noDelivery}
        </dd>
        {integration.previousSecretUntil && (
          <>
            <dt className="text-slate-600">Previous secret</dt>
            <dd>
              {copy.previousSecret}{' '}
              <time dateTime={integration.previousSecretUntil}>
                {formatWhen(integration.previousSecretUntil, timeZone)}
              </time>
            </dd>
          </>
        )}
        <dt className="text-slate-600">Added</dt>
        <dd>
          <time dateTime={integration.createdAt}>{formatWhen(integration.createdAt, timeZone)}</time> by{' '}
          {integration.createdBy}
        </dd>
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <SendTest integration={integration} name={name} />
        {integration.kind === 'webhook' && <Rotate integration={integration} name={name} />}
        <Toggle integration={integration} name={name} />
        <Remove integration={integration} name={name} />
      </div>
      <DeliveryLog id={integration.id} label={name} latest={integration.lastDelivery?.id} />
    </li>
  );
}
