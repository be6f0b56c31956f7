import { QuoteCallToAction, type QuotePanelCode, type QuoteSectionProps } from './quote-call-to-action';
import { QuotePanel } from './quote-panel';

/** The form's code, here from the start: the page as prerendered (the browser fetches it on demand). */
const formHere: QuotePanelCode = { Panel: QuotePanel };

/**
 * The home page's call to action and its quote form, as the page is rendered. In the browser the
 * home page's script hydrates the same section with the form's code fetched on demand
 * (app/islands/home.tsx).
 */
export function QuoteSection(props: QuoteSectionProps) {
  return <QuoteCallToAction {...props} code={formHere} />;
}
