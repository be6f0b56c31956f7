import { buttonClass } from './buttons';
import { countOf } from './format';

interface LoadMoreProps {
  more: { hasMore: boolean; loading: boolean; loadMore: () => void; lastAdded: number | undefined };
  /** What the list holds, e.g. "lead", and its plural when it is not just with an s. */
  noun: string;
  plural?: string;
}

/** The button under a list that adds its next page, and a polite word on how many came. */
export function LoadMore({ more, noun, plural }: LoadMoreProps) {
  return (
    <div className="mt-6 flex flex-col items-center">
      {more.hasMore && (
        <button
          type="button"
          className={buttonClass.secondary}
          aria-disabled={more.loading || undefined}
          onClick={more.loadMore}
        >
          {more.loading ? 'Loading…' : 'Load more'}
        </button>
      )}
      <p role="status" className="sr-only">
        {more.lastAdded === undefined
          ? ''
          : `${countOf(more.lastAdded, `more ${noun}`, `more ${plural ?? `${noun}s`}`)} loaded.`}
      </p>
    </div>
  );
}
