import { company } from '../../../common/company';
import { MAIN_CONTENT_ID } from '../layout/skip-link';
import { InboxMark } from './admin-frame';

/**
 * What every /admin address shows until the inbox's scripts and its first answers have arrived (the
 * root's HydrateFallback, prerendered into the app shell): the inbox's header and a loading line, never a
 * blank page. Without JavaScript, it says the inbox needs it.
 */
export function InboxLoading() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <title>{`Inbox | ${company.name}`}</title>
      <meta name="robots" content="noindex" />
      <header className="border-b border-slate-200 bg-white">
        <div className="container-page flex min-h-16 items-center py-2">
          <InboxMark />
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 pb-16 outline-none">
        <div className="container-page py-16 text-center">
          <p role="status" className="text-lg font-semibold text-ink">
            Loading the inbox…
          </p>
          <noscript>
            <p className="mx-auto mt-3 max-w-md text-slate-600">
              The inbox needs JavaScript. Turn it on for this site in your browser’s settings, then reload the
              page.
            </p>
          </noscript>
        </div>
      </main>
    </div>
  );
}
