/**
 * The charts' colours, drawn on a canvas (which takes colours, not classes): the inbox's palette
 * (Tailwind's blue as the brand, slate for text and lines), each mark at least 3:1 against white.
 */
export const chartColours = {
  /** brand-700: the main series, and the two weeks compared. */
  primary: '#1447e6',
  /** brand-500: the earlier weeks. */
  secondary: '#2b7fff',
  /** slate-600: a second line (page views), drawn dashed. */
  muted: '#45556c',
  /** slate-600 and slate-200: axis labels and grid lines. */
  axis: '#45556c',
  grid: '#e2e8f0',
} as const;
