import { useEffect, useId, useState } from 'react';
import { inboxApi } from '../../../../common/inbox-api/endpoints';
import type { DeliveryAttempt } from '../../../../common/inbox-api/settings-endpoints';
import { settingsCopy } from '../../../content/admin-settings';
import { ApiFailure, callApi } from '../api';
import { formatWhen } from '../format';
import { useTimeZone } from '../me';
import { Notice } from '../notice';

const copy = settingsCopy.integrations;
const cell = 'px-3 py-2 align-top';
const COLUMNS = ['When', 'Event', 'Status', 'Took', 'Error'] as const;

function LogTable({ deliveries, caption }: { deliveries: DeliveryAttempt[]; caption: string }) {
  const timeZone = useTimeZone();
  const captionId = useId();
  return (
    // Wider than a phone: it scrolls sideways in its own box, which the keyboard can reach. The box is
    // positioned so that the cells' screen-reader text (absolutely placed) is clipped by it too, rather
    // than widening the page.
    <div
      role="region"
      aria-labelledby={captionId}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take the focus to be scrolled by keyboard
      tabIndex={0}
      className="relative mt-3 overflow-x-auto rounded-lg border border-slate-200"
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={cell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {deliveries.map((attempt) => (
            <tr key={attempt.id}>
              <td className={`${cell} whitespace-nowrap`}>
                <time dateTime={attempt.at}>{formatWhen(attempt.at, timeZone)}</time>
              </td>
              <td className={cell}>
                <code className="text-ink">{attempt.event}</code>
                {attempt.test && (
                  <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                    Test
                  </span>
                )}
              </td>
              <td className={`${cell} whitespace-nowrap ${attempt.ok ? 'text-emerald-800' : 'text-red-800'}`}>
                {attempt.ok ? '✓' : '✗'} {attempt.statusCode ?? 'No answer'}
                <span className="sr-only">{attempt.ok ? ', delivered' : ', failed'}</span>
              </td>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>
                {attempt.durationMs === null ? '—' : `${attempt.durationMs.toLocaleString('en-IN')} ms`}
              </td>
              <td className={`${cell} break-words text-slate-700`}>{attempt.error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * An integration's delivery log, in a disclosure: read from the server when it is opened, and again when
 * the integration's latest attempt changes (a test event sent) while it is open.
 */
export function DeliveryLog({
  id,
  label,
  latest,
}: {
  id: number;
  label: string;
  latest: number | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [deliveries, setDeliveries] = useState<DeliveryAttempt[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (!open) return;
    let current = true;
    callApi(inboxApi.settings.deliveries, { params: { id } }).then(
      (reply) => {
        if (current) setDeliveries(reply.deliveries);
      },
      (failure: unknown) => {
        if (current) setError(failure instanceof ApiFailure ? failure.message : String(failure));
      },
    );
    return () => {
      current = false;
    };
  }, [open, id, latest]);

  return (
    <details className="mt-4 group" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="inline-flex min-h-10 cursor-pointer items-center text-sm font-semibold text-brand-700 hover:text-brand-900">
        {copy.log}
        <span className="sr-only"> of {label}</span>
      </summary>
      <Notice tone="error">{error}</Notice>
      {deliveries === undefined ? (
        !error && <p className="mt-2 text-sm text-slate-600">{copy.logLoading}</p>
      ) : deliveries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{copy.logEmpty}</p>
      ) : (
        <LogTable deliveries={deliveries} caption={`${copy.log} of ${label}`} />
      )}
    </details>
  );
}
