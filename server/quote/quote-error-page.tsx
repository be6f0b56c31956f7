import { QuoteForm } from '../../app/components/quote/quote-form.tsx';
import { quoteFields, quoteFormFields, type QuoteFormValues } from '../../common/quote-request.ts';
import type { FormProblem } from '../forms/form-problem.ts';
import { renderServerPage } from '../forms/server-page.tsx';
import type { SiteStylesheet } from '../forms/site-stylesheet.ts';

export interface ErrorPageOptions {
  problem: FormProblem;
  /** The problem's text for the visitor (quoteProblemTexts). */
  summary: string;
  /** What the visitor typed, shown again so nothing is lost. */
  values: QuoteFormValues;
  /** Where the form posts (the path the request came to). */
  action: string;
  stylesheet: SiteStylesheet | undefined;
}

/**
 * The page a visitor without JavaScript sees when the quote request was
 * refused: what went wrong, and the page's own form again (the same
 * component) with what they typed, posting to the same place.
 */
export function renderErrorPage({ problem, summary, values, action, stylesheet }: ErrorPageOptions): string {
  const errors = problem.fieldErrors;
  return renderServerPage({
    eyebrow: 'Quote request',
    heading: 'Your quote request was not sent',
    alert: {
      summary,
      errors: quoteFields
        .filter((name) => errors[name])
        .map((name) => ({
          id: `quote-${name}`,
          label: quoteFormFields[name].label,
          message: errors[name] ?? '',
        })),
    },
    stylesheet,
    children:
      problem.reason === 'unsupported-type' ? undefined : (
        <QuoteForm
          id="quote-form"
          action={action}
          values={values}
          errors={errors}
          enhanced={false}
          className="mt-8 max-w-3xl"
        />
      ),
  });
}
