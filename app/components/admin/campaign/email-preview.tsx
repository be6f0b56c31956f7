import { useEffect, useId, useState } from 'react';
import { inboxApi } from '../../../../common/inbox-api/endpoints';
import { ApiFailure, callApi } from '../api';

/** How long typing must pause before the preview is drawn again. */
export const PREVIEW_DELAY_MS = 600;

/** The widths the email is shown at: a phone's and a desktop mail program's. */
const widths = { phone: 375, desktop: 640 } as const;
type Width = keyof typeof widths;

interface EmailPreviewProps {
  subject: string;
  preheader: string;
  bodyMarkdown: string;
}

/**
 * The email as it will be sent (the server's renderer), in a frame that may run nothing and reach nothing
 * (sandbox=""): what the Markdown makes is shown, never trusted. Drawn again once typing pauses.
 */
export function EmailPreview({ subject, preheader, bodyMarkdown }: EmailPreviewProps) {
  const [width, setWidth] = useState<Width>('desktop');
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      // The renderer needs a subject; an empty one is shown as a placeholder until it is written.
      const body = { subject: subject.trim() || 'No subject yet', preheader, bodyMarkdown };
      callApi(inboxApi.campaigns.preview, { body }).then(
        (rendered) => {
          if (!current) return;
          setHtml(rendered.html);
          setError(null);
        },
        (failure: unknown) => {
          if (!current) return;
          if (!(failure instanceof ApiFailure)) throw failure;
          setError(`The preview could not be drawn: ${failure.message}`);
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [subject, preheader, bodyMarkdown]);

  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Preview
        </h2>
        <div
          role="group"
          aria-label="Preview width"
          className="inline-flex rounded-lg border border-slate-300 p-0.5"
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
      <p className="mt-1 text-sm text-slate-600">
        The email as subscribers get it, {width === 'phone' ? 'on a phone' : 'on a computer'} ({widths[width]}{' '}
        px wide).
      </p>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-slate-100 p-2 sm:p-3">
        {html === null ? (
          <p className="px-2 py-16 text-center text-sm text-slate-600">Drawing the preview…</p>
        ) : (
          <iframe
            title={`Email preview, ${width === 'phone' ? 'phone' : 'desktop'} width`}
            sandbox=""
            srcDoc={html}
            style={{ width: widths[width] }}
            className="mx-auto block h-[40rem] max-w-full rounded-lg border-0 bg-white shadow-sm"
          />
        )}
      </div>
    </section>
  );
}
