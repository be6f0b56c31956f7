/*
 * The banner's five controls' glyphs, drawn here in the site's icon style
 * (24-unit strokes, round ends) instead of imported from lucide-react, whose
 * runtime would cost the home page's island script about 2 KB gzip.
 */
const glyphs = {
  previous: 'M15 6 9 12l6 6',
  next: 'm9 6 6 6-6 6',
  arrow: 'M5 12h14m-6-6 6 6-6 6',
  pause: 'M8.5 5v14m7-14v14',
  play: 'M7.5 4.8v14.4L18.5 12Z',
} as const;

/** A decorative glyph; the control's own text carries the meaning. */
export function BannerIcon({ name }: { name: keyof typeof glyphs }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-5"
    >
      <path d={glyphs[name]} />
    </svg>
  );
}
