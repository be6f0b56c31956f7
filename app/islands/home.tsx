import { HeroBanner } from '../components/home/hero-banner';
import { QuoteCallToAction, type QuoteSectionProps } from '../components/quote/quote-call-to-action';
import { hydrateIsland } from './hydrate';
import { onDemand } from './on-demand';

/**
 * The quote form's code (its fields, validation schema and sending) in a chunk of its own, fetched
 * when the visitor first wants the form: the page's first script is React, the banner and the
 * toggle (docs/decisions/071-the-quote-form-loads-when-wanted.md).
 */
const quoteForm = onDemand(() =>
  import('../components/quote/quote-panel').then(({ QuotePanel }) => QuotePanel),
);

function QuoteSectionWithFormOnDemand(props: QuoteSectionProps) {
  return <QuoteCallToAction {...props} code={quoteForm} />;
}

// The home page's two islands, in one script (one file less to fetch): each its own React root.
hydrateIsland('banner', HeroBanner);
hydrateIsland('quote-form', QuoteSectionWithFormOnDemand);
