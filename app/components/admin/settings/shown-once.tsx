import { useEffect, useId, useRef, useState } from 'react';
import { integrationKindLabels } from '../../../../common/integration-domain';
import { settingsCopy } from '../../../content/admin-settings';
import { buttonClass } from '../buttons';
import type { ShownOnce } from './settings-intents';

const copy = settingsCopy.shownOnce;

function CopyField({ label, value }: { label: string; value: string }) {
  const [said, setSaid] = useState('');
  const id = useId();
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid(copy.copied);
    } catch {
      setSaid(copy.copyFailed);
    }
  };
  return (
    <div>
      <p id={id} className="text-sm font-medium text-slate-700">
        {label}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <code
          aria-labelledby={id}
          className="min-w-0 flex-1 rounded-lg border border-amber-300 bg-white px-3 py-2 font-mono text-sm break-all text-ink select-all"
        >
          {value}
        </code>
        <button type="button" className={buttonClass.small} onClick={() => void onCopy()}>
          {copy.copy}
          <span className="sr-only"> {label.toLowerCase()}</span>
        </button>
      </div>
      <p role="status" className="mt-1 text-sm text-slate-700 empty:hidden">
        {said}
      </p>
    </div>
  );
}

/**
 * A new integration's full URL and a webhook's signing secret, the one time they are shown. Its heading
 * takes the focus when it appears (after the dialog that asked for it has given the focus back), so a
 * screen reader reads it and the Copy button is the next Tab.
 */
export function ShownOncePanel({ shown, onDone }: { shown: ShownOnce; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => {
    const timer = setTimeout(() => heading.current?.focus(), 50);
    return () => clearTimeout(timer);
  }, [shown]);
  const label = integrationKindLabels[shown.kind];
  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 space-y-3 rounded-xl border-2 border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5"
    >
      <h3 id={headingId} ref={heading} tabIndex={-1} className="font-semibold outline-none">
        {copy.title}: {shown.rotated ? `the new secret of ${label}` : `${label} added`}
      </h3>
      <p className="text-sm font-medium">{copy.note}</p>
      {shown.rotated && <p className="text-sm">{copy.rotated}</p>}
      {shown.url && <CopyField label={copy.url} value={shown.url} />}
      {shown.secret && <CopyField label={copy.secret} value={shown.secret} />}
      <button type="button" className={buttonClass.secondary} onClick={onDone}>
        {copy.done}
      </button>
    </section>
  );
}
