import { Outlet, useRouteError } from 'react-router';
import { AdminFrame } from '../../components/admin/admin-frame';
import { useMaybeMe } from '../../components/admin/me';
import { RouteError } from '../../components/admin/route-error';

/** The frame of every /admin page; who is signed in comes from the signed-in pages' layout when there is one. */
export default function AdminLayout() {
  return (
    <AdminFrame me={useMaybeMe()}>
      <Outlet />
    </AdminFrame>
  );
}

export function ErrorBoundary() {
  return (
    <AdminFrame me={undefined}>
      <RouteError error={useRouteError()} />
    </AdminFrame>
  );
}
