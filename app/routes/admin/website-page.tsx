import { websiteEndpoints } from '../../../common/inbox-api/website-endpoints';
import { callApi } from '../../components/admin/api';
import { adminMeta } from '../../components/admin/meta';
import { PageEditor } from '../../components/admin/website/page-editor';
import { adminPages } from '../../content/admin-pages';
import type { Route } from './+types/website-page';

export const meta = (args?: Route.MetaArgs) => adminMeta(adminPages.websitePage, args?.loaderData?.name);

/** The page's draft if one is saved, else its live content, and the version a save sends back. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return callApi(websiteEndpoints.page, { params: { page: params.page }, from: request });
}

/** A page of the website in its editor; a move to another page starts its own (the key). */
export default function WebsitePage({ loaderData }: Route.ComponentProps) {
  return <PageEditor key={`${loaderData.key} ${loaderData.version}`} page={loaderData} />;
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';
