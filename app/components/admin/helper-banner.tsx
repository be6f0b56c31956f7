import { useEffect, useState } from 'react';
import type { HelperStatus } from '../../../common/inbox-api/helper-endpoints';
import { inboxApi } from '../../../common/inbox-api/endpoints';
import { callApi } from './api';
import { Icon } from './icons';

/** What staff are told while a helper service that is set up is down; nothing when all is well. */
function helperWarnings(status: HelperStatus): string[] {
  return [
    ...(status.scanner === 'unavailable'
      ? [
          'The virus scanner is not answering. Files sent with quote requests are kept and marked "not scanned yet" until it answers again: do not open them before.',
        ]
      : []),
    ...(status.mailbox === 'not-connected'
      ? [
          "The company mailbox cannot be reached. Clients' answers will not show on their leads until it is back; replies are still sent.",
        ]
      : []),
  ];
}

/**
 * A banner at the top of every inbox page while the virus scanner or the mailbox is down: asked again
 * on each move to another page (`pathname`). A failed ask shows nothing: the page says what failed.
 */
export function HelperBanner({ pathname }: { pathname: string }) {
  const [warnings, setWarnings] = useState<string[]>([]);
  useEffect(() => {
    let current = true;
    callApi(inboxApi.helpers.status)
      .then((status) => current && setWarnings(helperWarnings(status)))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [pathname]);
  return (
    <div role="status" className="empty:hidden">
      {warnings.length > 0 && (
        <div className="border-b border-amber-200 bg-amber-50">
          <ul className="container-page space-y-1 py-2 text-sm font-medium text-amber-900">
            {warnings.map((warning) => (
              <li key={warning} className="flex items-start gap-2">
                <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
                <span>{warning}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
