import type { DeliveryAttempt } from '../../../../common/inbox-api/settings-endpoints';
import { formatShortWhen } from '../format';

/**
 * One attempt in a line: "✓ 200 · 143 ms · 4:15 pm" when the receiver took it, "✗ 500 · 143 ms · 4:15 pm"
 * or "✗ no answer · 4:15 pm" when not (the error is shown beside it).
 */
export function deliveryLine(attempt: DeliveryAttempt, timeZone: string): string {
  const parts = [
    attempt.statusCode === null ? 'no answer' : String(attempt.statusCode),
    ...(attempt.durationMs === null ? [] : [`${attempt.durationMs.toLocaleString('en-IN')} ms`]),
    formatShortWhen(attempt.at, timeZone),
  ];
  return `${attempt.ok ? '✓' : '✗'} ${parts.join(' · ')}`;
}
