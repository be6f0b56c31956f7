import { useFetcher } from 'react-router';
import { inboxPaths } from '../../../common/inbox-paths';
import { type ReleaseSummary, websiteEndpoints } from '../../../common/inbox-api/website-endpoints';
import { ApiFailure, callApi } from '../../components/admin/api';
import { buttonClass } from '../../components/admin/buttons';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { formatWhen } from '../../components/admin/format';
import { useTimeZone } from '../../components/admin/me';
import { adminMeta } from '../../components/admin/meta';
import { Notice } from '../../components/admin/notice';
import { BackLink, PageHeader } from '../../components/admin/page-header';
import { changedPages, publishError } from '../../components/admin/website/release-text';
import { adminPages } from '../../content/admin-pages';
import type { Route } from './+types/website-releases';

export const meta = () => adminMeta(adminPages.websiteReleases);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return callApi(websiteEndpoints.releases, { from: request });
}

/** Roll back: the release's content published again, as a new release (the list is loaded again). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const id = Number((await request.formData()).get('id'));
  try {
    const { release } = await callApi(websiteEndpoints.rollBack, { params: { id }, from: request });
    return { done: `Rolled back to release ${id}: release ${release.id} is live.` };
  } catch (error) {
    if (error instanceof ApiFailure) return { error: publishError(error.code, error.message) };
    throw error;
  }
}

type RollBackFetcher = ReturnType<typeof useFetcher<typeof clientAction>>;

/** One release: who published it, when, what it changed; Roll back unless it is the live one. */
function Release({ release, fetcher }: { release: ReleaseSummary; fetcher: RollBackFetcher }) {
  const timeZone = useTimeZone();
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 py-4">
      <div className="min-w-0">
        <h2 className="font-semibold text-ink">
          Release {release.id}
          {release.live && (
            <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
              Live
            </span>
          )}
        </h2>
        <p className="text-sm text-slate-700">
          Published by {release.publishedBy},{' '}
          <time dateTime={release.publishedAt}>{formatWhen(release.publishedAt, timeZone)}</time>
          {release.rolledBackTo !== null && `: a roll back to release ${release.rolledBackTo}`}
        </p>
        <p className="text-sm text-slate-600">Changed: {changedPages(release)}</p>
      </div>
      {!release.live && (
        <ConfirmDialog
          triggerLabel="Roll back"
          triggerClassName={buttonClass.secondary}
          title={`Roll back to release ${release.id}?`}
          confirmLabel="Roll back"
          confirmClassName={buttonClass.primary}
          pendingLabel="Rolling back…"
          fetcher={fetcher}
          fields={{ id: String(release.id) }}
        >
          <p>
            The public site will show release {release.id}’s pages again, as a new release. Saved drafts stay
            as they are.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}

/** The releases, newest first. */
export default function WebsiteReleases({ loaderData }: Route.ComponentProps) {
  const { releases } = loaderData;
  // One fetcher for every Roll back: its answer is shown above the list, the new release at its top.
  const fetcher = useFetcher<typeof clientAction>();
  const done =
    fetcher.state === 'idle' && fetcher.data && 'done' in fetcher.data ? fetcher.data.done : undefined;
  return (
    <div className="container-page pb-10">
      <PageHeader
        before={<BackLink to={inboxPaths.website}>Website</BackLink>}
        title="Releases"
        lead="Every publish and roll back, newest first. Roll back publishes an earlier release’s pages again."
      />
      <div className="mt-4">
        <Notice tone="success">{done}</Notice>
      </div>
      {releases.length === 0 ? (
        <p className="mt-6 text-slate-600">Nothing has been published from the inbox yet.</p>
      ) : (
        <ol className="mt-4 divide-y divide-slate-200">
          {releases.map((release) => (
            <Release key={release.id} release={release} fetcher={fetcher} />
          ))}
        </ol>
      )}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';
