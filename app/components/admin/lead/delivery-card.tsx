import { useFetcher } from 'react-router';
import type { Delivery } from '../../../../common/inbox-api/lead-schemas';
import { buttonClass } from '../buttons';
import { countOf } from '../format';
import { Icon } from '../icons';
import { LEAD_INTENT, type LeadActionResult } from '../intents';
import { Notice } from '../notice';
import { SubmitButton } from '../submit-button';
import { Card } from './card';
import { When } from './when';

/** The notification's card stands out when it needs someone: red when it failed, amber when nobody was told yet. */
const deliveryBorder: Record<Delivery['state'], string> = {
  dead: 'border-red-300 ring-2 ring-red-100',
  pending: 'border-amber-300',
  written: 'border-amber-300',
  sent: 'border-slate-200',
  none: 'border-slate-200',
};

function DeliveryText({ delivery, spam }: { delivery: Delivery; spam: boolean }) {
  switch (delivery.state) {
    case 'sent':
      return (
        <p>
          Emailed to the company inbox on <When iso={delivery.at} />.
        </p>
      );
    case 'written':
      // Said as it was then (the state was recorded when the email was kept): a mail server set up
      // since changes nothing about this lead. The same words whether the server kept it in a file or
      // in its database: staff need not know which.
      return (
        <p>
          Not sent: no mail server was set up when this lead came in, so the notification was kept on the
          server on <When iso={delivery.at} />. Nobody was told then: this page is where the lead shows.
        </p>
      );
    case 'pending':
      return (
        <>
          <p>
            Not sent yet. Next try on <When iso={delivery.nextAttemptAt} />
            {delivery.attempts > 0 ? `, after ${countOf(delivery.attempts, 'failed attempt')}` : ''}.
          </p>
          {delivery.lastError && <ErrorLine text={delivery.lastError} />}
        </>
      );
    case 'dead':
      return (
        <>
          <p>
            Could not be delivered: the server gave up on <When iso={delivery.at} />.
          </p>
          {delivery.lastError && <ErrorLine text={delivery.lastError} />}
        </>
      );
    case 'none':
      return (
        <p>{spam ? 'No notification: spam is never emailed.' : 'No notification was sent for this lead.'}</p>
      );
  }
}

function ErrorLine({ text }: { text: string }) {
  return (
    <p className="mt-2 text-sm">
      Last error:{' '}
      <code className="rounded bg-slate-100 px-1.5 py-0.5 break-words text-slate-800">{text}</code>
    </p>
  );
}

function RetryForm() {
  const fetcher = useFetcher<LeadActionResult>();
  const pending = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" className="mt-4 space-y-3">
      <input type="hidden" name="intent" value={LEAD_INTENT.retry} />
      <SubmitButton pending={pending} pendingLabel="Retrying…" className={buttonClass.primary}>
        <Icon name="retry" />
        Retry
      </SubmitButton>
      <Notice tone="error">{pending ? undefined : fetcher.data?.error}</Notice>
    </fetcher.Form>
  );
}

/** What became of the notification to the company, and Retry when it could not be delivered. */
export function DeliveryCard({ delivery, spam }: { delivery: Delivery; spam: boolean }) {
  return (
    <Card title="Notification" border={deliveryBorder[delivery.state]}>
      <div className="text-slate-700">
        <DeliveryText delivery={delivery} spam={spam} />
      </div>
      {delivery.state === 'dead' && <RetryForm />}
    </Card>
  );
}
