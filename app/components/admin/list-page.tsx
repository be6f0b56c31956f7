import type { ComponentProps, ReactNode } from 'react';
import { buttonClass } from './buttons';
import { Icon } from './icons';
import { Notice } from './notice';
import { PageHeader } from './page-header';
import { SearchForm } from './search-form';
import { ViewTabs, type ViewTabsProps } from './view-tabs';

interface ListPageTopProps<View extends string> {
  title: string;
  /** The line under the title: what the list holds. */
  lead: string;
  /** The list's CSV as the page shows it (view and search), or undefined where it is not offered (a member). */
  exportHref: string | undefined;
  /** What just happened (a flash), said above the search. */
  notice: ReactNode;
  /** The view shown ('all': the first, which the search does not carry) and the words searched. */
  view: View;
  q: string;
  search: Omit<ComponentProps<typeof SearchForm>, 'q' | 'keep'>;
  views: Omit<ViewTabsProps<View>, 'current'>;
}

/**
 * The top of a list page of the inbox (the leads, the subscribers): its title, the CSV export, what just
 * happened, the search and the views with their counts.
 */
export function ListPageTop<View extends string>(props: ListPageTopProps<View>) {
  const { title, lead, exportHref, notice, view, q, search, views } = props;
  return (
    <>
      <PageHeader
        title={title}
        lead={lead}
        actions={
          exportHref !== undefined && (
            <a href={exportHref} download className={buttonClass.secondary}>
              <Icon name="download" />
              Export CSV
            </a>
          )
        }
      />
      <div className="mt-4">
        <Notice tone="success">{notice}</Notice>
      </div>
      <SearchForm {...search} q={q} keep={view === 'all' ? {} : { view }} />
      <ViewTabs {...views} current={view} />
    </>
  );
}

/** What a list says when it has nothing to show: why, and what would bring something. */
export function EmptyList({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">{children}</p>
    </div>
  );
}
