import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from './icons';

interface PageHeaderProps {
  title: ReactNode;
  /** A line under the title. */
  lead?: ReactNode;
  /** Links or buttons beside the title (below it on a phone). */
  actions?: ReactNode;
  /** Above the title, e.g. a link back. */
  before?: ReactNode;
}

/**
 * The top of an inbox page with its h1. The h1 takes focus after a move to the page (AdminFrame), so it
 * is focusable from script only.
 */
export function PageHeader({ title, lead, actions, before }: PageHeaderProps) {
  return (
    <div className="pt-6 sm:pt-8">
      {before}
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="min-w-0">
          <h1
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight break-words outline-none sm:text-3xl"
          >
            {title}
          </h1>
          {lead && <div className="mt-1 text-slate-600">{lead}</div>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </div>
  );
}

/** The link back to a list, above a page's title (PageHeader's `before`). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-900"
    >
      <Icon name="back" />
      {children}
    </Link>
  );
}
