import { buttonClass } from '../buttons';
import { Icon } from '../icons';
import type { SaveState } from './use-autosave';

/** The draft's save state beside its status badge: saved, unsaved, saving, or why it was not. */
export function SaveStatus({ save, id }: { save: SaveState; id: string }) {
  const text = {
    saved: 'Saved',
    unsaved: 'Unsaved changes',
    saving: 'Saving…',
    'needs-subject': 'Not saved yet: write a subject first.',
    error: save.state === 'error' ? `Not saved: ${save.message}` : '',
    stale: '',
  }[save.state];
  return (
    <span id={id} role="status" className="text-sm">
      {save.state === 'stale' ? null : (
        <span className={save.state === 'error' ? 'font-medium text-red-800' : 'text-slate-600'}>{text}</span>
      )}
    </span>
  );
}

/**
 * What to do about a save that failed: reload a campaign changed elsewhere (stale), or try again after an
 * error. Nothing otherwise.
 */
export function SaveProblem({ save, onRetry }: { save: SaveState; onRetry: () => void }) {
  if (save.state === 'stale')
    return (
      <div
        role="alert"
        className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
      >
        <p className="font-medium">Not saved: {save.message}</p>
        <button
          type="button"
          className={`${buttonClass.small} mt-2`}
          onClick={() => window.location.reload()}
        >
          Reload the campaign
        </button>
      </div>
    );
  if (save.state === 'error')
    return (
      <button type="button" className={`${buttonClass.small} mt-3`} onClick={onRetry}>
        <Icon name="retry" />
        Try saving again
      </button>
    );
  return null;
}
