import { formatNumber } from './dashboard-format';

interface Bar {
  label: string;
  value: number;
  /** A class for the bar's colour (brand by default). */
  tone?: string;
}

/**
 * Horizontal bars drawn with HTML, each under its label with its figure: they wrap and stay readable at
 * 375 px, where a canvas's axis labels would not fit. Hidden from assistive technology, which gets the
 * same figures from the Data table.
 */
export function BarList({ bars }: { bars: readonly Bar[] }) {
  const most = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <ul aria-hidden="true" className="mt-4 space-y-2.5">
      {bars.map((bar) => (
        <li key={bar.label}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 break-words text-slate-700">{bar.label}</span>
            <span className="font-semibold text-ink tabular-nums">{formatNumber(bar.value)}</span>
          </div>
          <div className="mt-1 h-2.5 rounded-full bg-slate-100">
            <div
              className={`h-full rounded-full ${bar.tone ?? 'bg-brand-700'}`}
              style={{ width: `${(bar.value / most) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
