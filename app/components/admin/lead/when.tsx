import { formatWhen } from '../format';
import { useTimeZone } from '../me';

/** A time, in the company's time zone. */
export function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatWhen(iso, useTimeZone())}</time>;
}
