import { useState } from 'react';
import { ApiFailure } from '../api';
import { buttonClass } from '../buttons';
import { Icon } from '../icons';

/** A test email to oneself: saves first, then says where it went. */
export function SendTest({ ready, onSend }: { ready: boolean; onSend: () => Promise<string> }) {
  const [state, setState] = useState<{ pending: boolean; done?: string; error?: string }>({ pending: false });
  const send = async () => {
    if (state.pending) return;
    setState({ pending: true });
    try {
      setState({ pending: false, done: `Test email sent to ${await onSend()}.` });
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      setState({ pending: false, error: `The test email was not sent: ${error.message}` });
    }
  };
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={!ready}
        aria-disabled={state.pending || undefined}
        onClick={() => void send()}
      >
        <Icon name="mail" />
        {state.pending ? 'Sending test…' : 'Send test'}
      </button>
      <p role="status" className="text-sm text-emerald-800 empty:hidden">
        {state.done}
      </p>
      <p role="alert" className="text-sm text-red-800 empty:hidden">
        {state.error}
      </p>
    </div>
  );
}
