import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { pageList } from './content/pages';

/** One route per entry of the page table, in its order; the catch-all answers every unknown path. */
export default pageList.map((page) => {
  if (page.catchAll) return route('*', page.file);
  return page.path === '/' ? index(page.file) : route(page.path.slice(1), page.file);
}) satisfies RouteConfig;
