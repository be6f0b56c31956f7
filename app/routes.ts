import { type RouteConfig, type RouteConfigEntry, index, layout, route } from '@react-router/dev/routes';
import { LAYOUT_ROUTE_ID_PREFIX, type LayoutName, type Page, layouts, pageList } from './content/pages';

const layoutNames = Object.keys(layouts) as LayoutName[];

function pageRoute(page: Page): RouteConfigEntry {
  if (page.catchAll) return route('*', page.file);
  return page.path === '/' ? index(page.file) : route(page.path.slice(1), page.file);
}

/** A layout route holding its pages and the layouts nested in it, in the table's order. */
function layoutRoute(name: LayoutName): RouteConfigEntry {
  const { file } = layouts[name];
  return layout(file, { id: `${LAYOUT_ROUTE_ID_PREFIX}${name}` }, [
    ...pageList.filter((page) => page.layout === name).map(pageRoute),
    ...layoutNames.filter((child) => layouts[child].parent === name).map(layoutRoute),
  ]);
}

/**
 * One route per entry of the page table, in its order; the catch-all answers every unknown path. Pages
 * that name a layout are nested in that layout's route.
 */
export default [
  ...pageList.filter((page) => !page.layout).map(pageRoute),
  ...layoutNames.filter((name) => !layouts[name].parent).map(layoutRoute),
] satisfies RouteConfig;
