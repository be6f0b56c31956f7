import { useRouteLoaderData } from 'react-router';
import type { Me } from '../../../common/inbox-api/account-endpoints';
import { LAYOUT_ROUTE_ID_PREFIX } from '../../content/pages';
import { DEFAULT_TIME_ZONE } from './format';

/** The signed-in pages' layout route, whose loader answers who is signed in. */
const STAFF_LAYOUT_ID = `${LAYOUT_ROUTE_ID_PREFIX}staff`;

export interface StaffData {
  me: Me;
}

/** Who is signed in, on a signed-in page; undefined elsewhere (the sign-in and invitation pages). */
export function useMaybeMe(): Me | undefined {
  return useRouteLoaderData<StaffData>(STAFF_LAYOUT_ID)?.me;
}

/** Who is signed in; only for the pages inside the staff layout. */
export function useMe(): Me {
  const me = useMaybeMe();
  if (!me) throw new Error('useMe() outside the signed-in pages');
  return me;
}

/** The company's time zone, for showing times. */
export function useTimeZone(): string {
  return useMaybeMe()?.timeZone || DEFAULT_TIME_ZONE;
}
