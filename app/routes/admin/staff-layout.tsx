import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { inboxPaths } from '../../../common/inbox-paths';
import { inboxApi } from '../../../common/inbox-api/endpoints';
import { callApi } from '../../components/admin/api';
import type { StaffData } from '../../components/admin/me';
import { rememberSession } from '../../components/admin/sign-in-reasons';
import type { Route } from './+types/staff-layout';

/** Who is signed in; without a session, the call's 401 sends the person to sign in and back. */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<StaffData> {
  const me = await callApi(inboxApi.account.me, { from: request });
  rememberSession();
  return { me };
}

/** Who is signed in changes only on the account page (passkeys, a passkey check); other posts leave it be. */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction && !formAction.startsWith(inboxPaths.account)) return false;
  return defaultShouldRevalidate;
}

/** The signed-in pages: the frame (admin-layout) shows who is signed in and the sections from this loader. */
export default function StaffLayout() {
  return <Outlet />;
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';
