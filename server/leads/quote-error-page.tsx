import { QuoteForm } from '../../app/components/quote/quote-form.tsx';
import { ATTACHMENT_FIELD, attachmentMessage } from '../../common/attachments.ts';
import { quoteFields, quoteFormFields, type QuoteFormValues } from '../../common/quote-request.ts';
import type { FormProblem } from '../forms/form-problem.ts';
import { renderServerPage } from '../forms/server-page.tsx';
import type { SiteStylesheet } from '../forms/site-stylesheet.ts';
import { ATTACH_AGAIN_TEXT } from './quote-problem-texts.ts';

export interface ErrorPageOptions {
  problem: FormProblem;
  /** The problem's text for the visitor (quoteProblemTexts). */
  summary: string;
  /** What the visitor typed, shown again so nothing is lost. */
  values: QuoteFormValues;
  /** Where the form posts (the path the request came to). */
  action: string;
  stylesheet: SiteStylesheet | undefined;
  /** Whether the post carried files: the browser does not keep them, so the page asks for them again. */
  sentFiles: boolean;
}

/** Each refused file in the list at the top, linked to the file control. */
function fileErrors(problem: FormProblem) {
  return problem.fileProblems.map((fileProblem) => ({
    id: `quote-${ATTACHMENT_FIELD}`,
    label: 'Attachments',
    message: attachmentMessage(fileProblem),
  }));
}

/**
 * The page a visitor without JavaScript sees when the quote request was
 * refused: what went wrong, and the page's own form again (the same
 * component) with what they typed, posting to the same place.
 */
export function renderErrorPage(options: ErrorPageOptions): string {
  const { problem, summary, values, action, stylesheet } = options;
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
        }))
        .concat(fileErrors(problem)),
    },
    paragraphs: options.sentFiles || problem.fileProblems.length > 0 ? [ATTACH_AGAIN_TEXT] : undefined,
    stylesheet,
    children:
      problem.reason === 'unsupported-type' ? undefined : (
        <QuoteForm
          id="quote-form"
          action={action}
          values={values}
          errors={errors}
          enhanced={false}
          attachments={
            problem.fileProblems.length > 0
              ? { error: problem.fileProblems.map((fileProblem) => attachmentMessage(fileProblem)).join(' ') }
              : undefined
          }
          className="mt-8 max-w-3xl"
        />
      ),
  });
}
