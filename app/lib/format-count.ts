/**
 * A count with a thousands separator ("5,000"), without Intl: the first call to
 * toLocaleString loads locale data and cost the home page's hydration ~20 ms.
 * Indian and international grouping agree below 100,000.
 */
export function formatCount(value: number): string {
  const digits = String(Math.trunc(value));
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
