import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ATTACHMENT_FIELD, attachmentMessage, type AttachmentLimits } from '../../common/attachments.ts';
import {
  QUOTE_FILES_HEADER,
  QUOTE_FILES_NOT_KEPT,
  QUOTE_SUCCESS_REPLY,
} from '../../common/quote-messages.ts';
import { quoteFields, quoteFormFields, validateQuoteRequest } from '../../common/quote-request.ts';
import { quoteThankYouFilesNotKeptPath, quoteThankYouPath } from '../../common/site-paths.ts';
import { checkLeadFiles, REQUEST_SCAN_DEADLINE_MS } from '../attachments/lead-files-intake.ts';
import type { LeadIntake } from './lead-intake.ts';
import { FORM_BODY_LIMIT, formValues, honeypotFilled } from '../forms/form-body.ts';
import {
  formEndpoint,
  noStore,
  originCheck,
  refuseForeignPosts,
  type RateLimit,
} from '../forms/form-endpoint.ts';
import { FormProblem } from '../forms/form-problem.ts';
import { prefersHtml } from '../forms/reply-format.ts';
import { sourcePage } from '../forms/request-origin.ts';
import type { SiteStylesheet } from '../forms/site-stylesheet.ts';
import { createUploadFolder } from '../forms/upload-folder.ts';
import { receivedFiles, refusedFiles, registerUploadParser } from '../forms/upload-parser.ts';
import { keepingUploads } from '../forms/upload-session.ts';
import type { Redis } from '../security/redis-client.ts';
import type { VirusScanner } from '../security/virus-scanner.ts';
import { renderErrorPage } from './quote-error-page.tsx';
import type { VirusRefusals } from './virus-refusals.ts';
import { quoteProblemTexts } from './quote-problem-texts.ts';

/** Twice the longest field the form allows (the message): longer is not a visitor's typing. */
export const QUOTE_MAX_FIELD_LENGTH =
  2 * Math.max(...quoteFields.map((name) => quoteFormFields[name].maxLength));

/**
 * The endpoint the site posts to, and the form's original address (/sendMail.php), answered the same way so that a
 * form still posting there keeps working.
 */
const QUOTE_PATHS = ['/api/quote', '/sendMail.php'] as const;

/** The paths answered: the two above, and the site's own QUOTE_ENDPOINT when it names another. */
function quotePaths(configured: string | undefined): string[] {
  return [...new Set([...QUOTE_PATHS, ...(configured ? [configured] : [])])];
}

export interface QuoteRoutesOptions {
  leads: LeadIntake;
  siteUrl: string;
  /** QUOTE_ENDPOINT's path on this site, which the built form posts to (undefined: /api/quote). */
  path?: string | undefined;
  rateLimit: RateLimit;
  /** REDIS_URL's client: the rate limit's counters are shared by every instance. */
  redis?: Redis | undefined;
  /** The built site's stylesheet, for the error page. */
  stylesheet: SiteStylesheet | undefined;
  /** Called after a lead is committed (wakes the outbox worker). */
  onStored: () => void;
  /** The attachments' limits (config.attachments.limits). */
  limits: AttachmentLimits;
  /** Scans each file before the lead is stored (CLAMD_URL); without it files are kept "not-scanned". */
  scanner?: VirusScanner | undefined;
  /** Where the upload folder goes (default os.tmpdir()); tests give their own. */
  uploadRoot?: string | undefined;
  /** Tells the inbox's activity log of each quote refused for a virus. */
  virusRefusals?: VirusRefusals | undefined;
}

/** Room in a post with files for its text fields, and for each part's headers and boundaries. */
const PART_OVERHEAD = 16 * 1024;

/** The largest body a quote request may be: every file at its limit, the fields, the framing. */
function quoteBodyLimit(limits: AttachmentLimits): number {
  return limits.maxTotalBytes + FORM_BODY_LIMIT + (limits.maxFiles + 1) * PART_OVERHEAD;
}

/** The reply's lines after the summary: each refused file, then each field to correct. */
function problemLines(problem: FormProblem): string[] {
  return [
    ...problem.fileProblems.map((fileProblem) => `${ATTACHMENT_FIELD}: ${attachmentMessage(fileProblem)}`),
    ...Object.entries(problem.fieldErrors).map(([field, message]) => `${field}: ${message}`),
  ];
}

/**
 * The request's fields and files, checked: the fields by the form's rules, the files by their
 * content (and, when the fields are right, by the virus scanner, under one deadline). Throws the
 * refusal with every problem found; stops (rejects) once `signal` says the client is gone.
 */
async function checkedRequest(
  request: FastifyRequest,
  { scanner, virusRefusals }: Pick<QuoteRoutesOptions, 'scanner' | 'virusRefusals'>,
  signal: AbortSignal,
) {
  const validation = validateQuoteRequest(formValues(request.body, quoteFields));
  // Files that could not be kept (no name, an unreadable one): refused by name, never dropped.
  const refused = refusedFiles(request.body);
  const files = await checkLeadFiles(
    receivedFiles(request.body),
    validation.ok && refused.length === 0 ? scanner : undefined,
    undefined,
    // One deadline from the request's start: the page's fetch gives up 20 s after it (post-form.ts).
    {
      signal,
      deadlineMs: REQUEST_SCAN_DEADLINE_MS - (performance.now() - (request.uploads?.startedAt ?? 0)),
    },
  );
  if (!files.ok && files.viruses?.length) {
    // Staff see it in the activity log; the visitor's answer never waits on a failure of it.
    await virusRefusals?.record(files.viruses, new Date()).catch((error: unknown) => {
      request.log.warn(
        { err: error },
        'a quote refused for a virus could not be written to the activity log',
      );
    });
  }
  const fieldErrors = validation.ok ? {} : validation.errors;
  const fileProblems = [...refused, ...(files.ok ? [] : files.problems)];
  if (fileProblems.length > 0) throw new FormProblem('files', { fieldErrors, fileProblems });
  if (!validation.ok || !files.ok) throw new FormProblem('invalid', { fieldErrors });
  return { request: validation.value, files: files.files };
}

/**
 * POST /api/quote and POST /sendMail.php: checks the request, stores it with
 * its outbox rows in one transaction, and only then answers "success" (or,
 * for a native form post, 303 to the thank-you page). Every refusal is a
 * plain-text message, or for a native post a page with the form filled in.
 */
export async function quoteRoutes(app: FastifyInstance, options: QuoteRoutesOptions) {
  await formEndpoint(app, {
    what: 'quote request',
    texts: quoteProblemTexts(options.limits),
    maxFieldLength: QUOTE_MAX_FIELD_LENGTH,
    rateLimit: { ...options.rateLimit, name: 'quote', redis: options.redis },
    maxBodyBytes: quoteBodyLimit(options.limits),
    stylesheet: options.stylesheet,
    errorPage: (request, problem, summary) =>
      renderErrorPage({
        problem,
        summary,
        values: formValues(request.body, quoteFields),
        action: request.routeOptions.url ?? QUOTE_PATHS[0],
        stylesheet: options.stylesheet,
        sentFiles: (request.uploads?.paths.length ?? 0) > 0,
      }),
    textDetails: problemLines,
  });
  registerUploadParser(app, {
    field: ATTACHMENT_FIELD,
    limits: options.limits,
    folder: createUploadFolder('quote-uploads', options.uploadRoot),
    maxFieldLength: QUOTE_MAX_FIELD_LENGTH,
    bodyLimit: quoteBodyLimit(options.limits),
  });

  for (const url of quotePaths(options.path)) {
    app.route({
      method: 'POST',
      url,
      // The urlencoded body's cap; a multipart one (with files) is capped by its own parser.
      bodyLimit: FORM_BODY_LIMIT,
      // Before the body is read: refuse other sites' posts and other kinds of body.
      onRequest: refuseForeignPosts(options.siteUrl),
      // The files live until the handler is done; it stops when the client goes (nobody to answer).
      handler: keepingUploads(async (request, response, signal) => {
        const checked = await checkedRequest(request, options, signal);
        signal.throwIfAborted();
        const spam = honeypotFilled(request.body);
        const stored = await options.leads.store({
          ...checked,
          sourcePage: sourcePage(request.headers, originCheck(request, options.siteUrl)),
          spam,
        });
        request.log.info(
          {
            leadId: stored.id,
            spam: stored.spam,
            files: checked.files.length,
            filesNotKept: stored.filesNotKept,
          },
          stored.filesNotKept > 0
            ? "quote request stored without its files: the day's limit was reached"
            : 'quote request stored',
        );
        if (!spam) options.onStored();

        noStore(response);
        if (stored.filesNotKept > 0) response.header(QUOTE_FILES_HEADER, QUOTE_FILES_NOT_KEPT);
        if (prefersHtml(request.headers))
          return response.redirect(
            stored.filesNotKept > 0 ? quoteThankYouFilesNotKeptPath : quoteThankYouPath,
            303,
          );
        return response.type('text/plain; charset=utf-8').send(QUOTE_SUCCESS_REPLY);
      }),
    });
  }
}
