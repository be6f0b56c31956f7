import { useId, useState } from 'react';
import { inboxApi } from '../../../../common/inbox-api/endpoints';
import { addressOf } from '../api-input';

/** The widths the email is shown at: a phone's and a desktop mail program's. */
const widths = { phone: 375, desktop: 640 } as const;
type Width = keyof typeof widths;

interface EmailPreviewProps {
  /** The saved campaign; null before a new one's first save. */
  campaignId: number | null;
  /** Its saved version: each save draws the preview again. */
  version: number | null;
}

/**
 * The email as it will be sent (the server's renderer, from the saved draft, which saves itself once
 * typing pauses), in a frame that may run nothing and reach nothing (sandbox=""): what the Markdown makes
 * is shown, never trusted. The frame loads the document from the server rather than from srcdoc, whose
 * document would take the inbox's policy, which allows none of an email's inline styles.
 */
export function EmailPreview({ campaignId, version }: EmailPreviewProps) {
  const [width, setWidth] = useState<Width>('desktop');
  const headingId = useId();
  const noteId = useId();
  const widthName = width === 'phone' ? 'phone' : 'desktop';
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Preview
        </h2>
        <div
          role="group"
          aria-label="Preview width"
          className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5"
        >
          {(Object.keys(widths) as Width[]).map((each) => (
            <button
              key={each}
              type="button"
              aria-pressed={width === each}
              onClick={() => setWidth(each)}
              className={`min-h-10 rounded-md px-3 text-sm font-semibold ${
                width === each ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
              }`}
            >
              {each === 'phone' ? 'Phone' : 'Desktop'}
            </button>
          ))}
        </div>
      </div>
      <p id={noteId} className="mt-1 text-sm text-slate-600">
        The email as subscribers get it, {width === 'phone' ? 'on a phone' : 'on a computer'} ({widths[width]}{' '}
        px wide), from the saved draft.
      </p>
      <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-slate-100 p-2 sm:p-3">
        {campaignId === null || version === null ? (
          <p className="px-2 py-16 text-center text-sm text-slate-600">
            The preview appears once the draft is saved: write a subject.
          </p>
        ) : (
          <iframe
            title={`Email preview, ${widthName} width`}
            aria-describedby={noteId}
            sandbox=""
            src={addressOf(inboxApi.campaigns.previewDocument, {
              params: { id: campaignId },
              query: { v: version },
            })}
            style={{ width: widths[width] }}
            className="mx-auto block h-[40rem] max-w-full rounded-lg border-0 bg-white shadow-sm"
          />
        )}
      </div>
    </section>
  );
}
