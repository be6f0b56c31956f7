export const MAIN_CONTENT_ID = 'main-content';

/** The first focusable element: jumps over the navigation to the page's content. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="fixed top-2 left-2 z-[100] -translate-y-20 rounded-md bg-brand-800 px-4 py-2 font-semibold text-white transition-transform focus:translate-y-0"
    >
      Skip to main content
    </a>
  );
}
