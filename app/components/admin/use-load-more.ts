import { useEffect, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';

interface Page<T> {
  items: readonly T[];
  nextCursor: string | null;
}

interface MoreState<T, Data> {
  /** The route's data the list started from. */
  first: Data;
  items: readonly T[];
  nextCursor: string | null;
  /** The fetcher's answer already added, so it is added once. */
  added: Data | undefined;
  /** The element to focus: the first item of the latest page. */
  focusId: string | undefined;
  /** How many the latest "Load more" added. */
  lastAdded: number | undefined;
}

function fromFirst<T, Data>(data: Data, page: Page<T>, added: Data | undefined): MoreState<T, Data> {
  return {
    first: data,
    items: page.items,
    nextCursor: page.nextCursor,
    added,
    focusId: undefined,
    lastAdded: undefined,
  };
}

/**
 * Cursor pagination with a "Load more" button. The route's own loader, called with `cursor`, answers the
 * next page, which is added below the others; new data for the route (another view, a search, a
 * revalidation) starts again from its first page. After a load, focus moves to the first new item (the
 * element whose id is `itemId(item)`), so a keyboard user carries on from there.
 */
export function useLoadMore<T, Data>(
  data: Data,
  pageOf: (data: Data) => Page<T>,
  itemId: (item: T) => string,
) {
  const fetcher = useFetcher();
  // The fetcher calls the same route's loader, so its data has the route's shape.
  const fetched = fetcher.data as Data | undefined;
  const { pathname, search } = useLocation();
  const [state, setState] = useState(() => fromFirst(data, pageOf(data), undefined));

  let current = state;
  if (current.first !== data) {
    current = fromFirst(data, pageOf(data), fetched);
    setState(current);
  } else if (fetched !== undefined && fetched !== current.added) {
    const next = pageOf(fetched);
    const firstNew = next.items[0];
    current = {
      ...current,
      items: [...current.items, ...next.items],
      nextCursor: next.nextCursor,
      added: fetched,
      focusId: firstNew === undefined ? undefined : itemId(firstNew),
      lastAdded: next.items.length,
    };
    setState(current);
  }

  const { focusId } = current;
  useEffect(() => {
    if (focusId) document.getElementById(focusId)?.focus();
  }, [focusId]);

  const loading = fetcher.state !== 'idle';
  const loadMore = () => {
    if (!current.nextCursor || loading) return;
    const query = new URLSearchParams(search);
    query.set('cursor', current.nextCursor);
    void fetcher.load(`${pathname}?${query}`);
  };

  return {
    items: current.items,
    hasMore: current.nextCursor !== null,
    loading,
    loadMore,
    lastAdded: current.lastAdded,
  };
}
