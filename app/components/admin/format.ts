/** The company's time zone when the server does not say (see Me.timeZone). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
      });
    } catch {
      // An unknown zone name: the company's default rather than a broken page.
      formatter = formatterFor(DEFAULT_TIME_ZONE);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** An instant (ISO 8601) as the staff read it, in the company's time zone: "23 Nov 2025, 4:15 pm". */
export function formatWhen(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatterFor(timeZone).format(date);
}

/** "1 lead", "3 leads". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-IN')} ${count === 1 ? singular : plural}`;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a time zone, "2026-11-26", to tell whether two instants share one. */
function dayOf(date: Date, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-CA', { timeZone });
    } catch {
      formatter = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE });
    }
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(date);
}

/**
 * An instant, short: its time alone when it is today in the company's time zone ("4:15 pm"), as in
 * "Slack ✓ 4:15 pm"; otherwise the date too, as formatWhen writes it.
 */
export function formatShortWhen(iso: string, timeZone: string = DEFAULT_TIME_ZONE, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (dayOf(date, timeZone) !== dayOf(now, timeZone)) return formatWhen(iso, timeZone);
  const time = formatWhen(iso, timeZone);
  return time.slice(time.lastIndexOf(', ') + 2);
}
