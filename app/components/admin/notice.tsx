import type { ReactNode } from 'react';
import { Icon } from './icons';

/**
 * A message about what just happened. Success is a polite status; a failure is an alert, read out at once.
 * The live region is always in the page (empty when there is nothing to say), so it is announced.
 */
export function Notice({ tone, children }: { tone: 'success' | 'error'; children?: ReactNode }) {
  const success = tone === 'success';
  return (
    <div role={success ? 'status' : 'alert'} className="empty:hidden">
      {children ? (
        <p
          className={`flex items-start gap-2 rounded-lg border px-4 py-3 text-sm font-medium ${
            success
              ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
              : 'border-red-200 bg-red-50 text-red-900'
          }`}
        >
          {!success && <Icon name="alert" className="mt-0.5 size-4" />}
          <span>{children}</span>
        </p>
      ) : null}
    </div>
  );
}
