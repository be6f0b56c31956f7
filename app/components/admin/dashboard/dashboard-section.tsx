import { type ReactNode, useId } from 'react';
import { dashboardCopy } from '../../../content/admin-dashboard';

/** One part of the dashboard: a titled card (a region named by its title) with a sentence that sums it up. */
export function DashboardSection({
  title,
  summary,
  children,
  wide = false,
}: {
  title: string;
  summary: ReactNode;
  children?: ReactNode;
  /** Across both columns on a wide screen. */
  wide?: boolean;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 ${wide ? 'lg:col-span-2' : ''}`}
    >
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <p className="mt-1 text-slate-700">{summary}</p>
      {children}
    </section>
  );
}

export interface TableColumn {
  label: string;
  /** Figures are right-aligned, in tabular digits. */
  numeric?: boolean;
}

/**
 * A table of figures: the first cell of each row names it (a row header). Wide tables scroll sideways in
 * their own box rather than widening the page on a phone.
 */
export function FigureTable({
  caption,
  columns,
  rows,
  captionHidden = false,
}: {
  caption: string;
  columns: readonly TableColumn[];
  rows: readonly (readonly string[])[];
  captionHidden?: boolean;
}) {
  const captionId = useId();
  return (
    // On a phone a wide table scrolls sideways in its own box, which the keyboard must reach to scroll it
    // (a group named by the caption: not a region, which would be a landmark for every table).
    <div
      role="group"
      aria-labelledby={captionId}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take the focus to be scrolled by keyboard
      tabIndex={0}
      className="mt-3 overflow-x-auto"
    >
      <table className="w-full text-left text-sm">
        <caption
          id={captionId}
          className={captionHidden ? 'sr-only' : 'mb-2 text-left font-medium text-slate-700'}
        >
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`py-2 pr-3 font-semibold whitespace-nowrap text-slate-700 ${column.numeric ? 'text-right' : ''}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row[0]}-${index}`} className="border-b border-slate-100 last:border-0">
              {row.map((cell, at) =>
                at === 0 ? (
                  <th key={at} scope="row" className="py-1.5 pr-3 font-normal break-words text-ink">
                    {cell}
                  </th>
                ) : (
                  <td
                    key={at}
                    className={`py-1.5 pr-3 whitespace-nowrap text-ink tabular-nums ${columns[at]?.numeric ? 'text-right' : ''}`}
                  >
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A chart's figures, folded away under "Data": everything the chart draws, for a screen reader or keyboard. */
export function ChartData(props: Parameters<typeof FigureTable>[0]) {
  return (
    <details className="group mt-3">
      <summary className="w-fit cursor-pointer rounded-md py-2 text-sm font-semibold text-brand-700 hover:text-brand-900">
        {dashboardCopy.data}
      </summary>
      <FigureTable {...props} />
    </details>
  );
}
