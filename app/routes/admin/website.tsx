import { Link, useFetcher } from 'react-router';
import { inboxPaths } from '../../../common/inbox-paths';
import { websiteEndpoints } from '../../../common/inbox-api/website-endpoints';
import { ApiFailure, callApi } from '../../components/admin/api';
import { buttonClass } from '../../components/admin/buttons';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { formatWhen } from '../../components/admin/format';
import { useTimeZone } from '../../components/admin/me';
import { adminMeta } from '../../components/admin/meta';
import { Notice } from '../../components/admin/notice';
import { PageHeader } from '../../components/admin/page-header';
import { Panel } from '../../components/admin/panel';
import { changedPages, publishError } from '../../components/admin/website/release-text';
import { adminPages } from '../../content/admin-pages';
import type { Route } from './+types/website';

export const meta = () => adminMeta(adminPages.website);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return callApi(websiteEndpoints.pages, { from: request });
}

/** Publish: one release of every saved draft; the page's data is loaded again after it. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  try {
    const { release } = await callApi(websiteEndpoints.publish, { from: request });
    return { done: `Published: ${changedPages(release)}. The public site shows it within seconds.` };
  } catch (error) {
    if (error instanceof ApiFailure) return { error: publishError(error.code, error.message) };
    throw error;
  }
}

/** The Website section: its pages with their drafts, Publish, and the releases. */
export default function Website({ loaderData }: Route.ComponentProps) {
  const { pages, live } = loaderData;
  const timeZone = useTimeZone();
  const fetcher = useFetcher<typeof clientAction>();
  const drafts = pages.filter((page) => page.draft);
  const done =
    fetcher.state === 'idle' && fetcher.data && 'done' in fetcher.data ? fetcher.data.done : undefined;
  return (
    <div className="container-page pb-10">
      <PageHeader
        title="Website"
        lead="Edit the website’s pages: save a draft, look at its preview, then publish every draft at once."
        actions={
          <>
            <Link to={inboxPaths.websiteReleases} className={buttonClass.secondary}>
              Releases
            </Link>
            <ConfirmDialog
              triggerLabel="Publish"
              triggerClassName={buttonClass.primary}
              triggerDisabled={drafts.length === 0}
              triggerDescribedBy="website-publish-state"
              title="Publish the drafts?"
              confirmLabel="Publish"
              confirmClassName={buttonClass.primary}
              pendingLabel="Publishing…"
              fetcher={fetcher}
              fields={{}}
            >
              <p>
                The public site will show the saved drafts of: {drafts.map((page) => page.name).join(', ')}.
              </p>
            </ConfirmDialog>
          </>
        }
      />
      <p id="website-publish-state" className="mt-3 text-sm text-slate-600">
        {drafts.length === 0
          ? 'Nothing to publish: no page has a saved draft.'
          : `${drafts.length === 1 ? 'One page has a draft' : `${drafts.length} pages have drafts`} waiting for Publish.`}
        {live &&
          ` Live: release ${live.id}, published by ${live.publishedBy}, ${formatWhen(live.publishedAt, timeZone)}.`}
      </p>
      <div className="mt-4">
        <Notice tone="success">{done}</Notice>
      </div>
      <Panel title="Pages" className="mt-6">
        <ul className="mt-2 divide-y divide-slate-200">
          {pages.map((page) => (
            <li key={page.key} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
              <Link to={inboxPaths.websitePage(page.key)} className={`${buttonClass.link} text-base`}>
                {page.name}
              </Link>
              <span className="text-sm text-slate-600">
                {page.draft
                  ? `Draft saved by ${page.draft.by}, ${formatWhen(page.draft.at, timeZone)}`
                  : 'No draft'}
              </span>
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';
