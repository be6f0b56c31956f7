import { ATTACHMENT_INPUT_NAME } from '../../../common/attachment-field';
import {
  QUOTE_FILES_HEADER,
  QUOTE_FILES_NOT_KEPT,
  QUOTE_SUCCESS_REPLY,
} from '../../../common/quote-messages';
import { postForm } from '../../lib/post-form';

export type SendOutcome = 'success' | 'rejected' | 'unreachable';

export interface SendResult {
  outcome: SendOutcome;
  /** A rejection's `attachments: …` lines, without the prefix: each names its file where it is about one. */
  fileProblems: string[];
  /** Taken without its files: the site's limit of stored files for the day was reached. */
  filesNotKept: boolean;
}

const PREFIX = `${ATTACHMENT_INPUT_NAME}: `;

/**
 * Posts the quote request as multipart form data and reads the reply as text:
 * the word "success" means it was received, any other text is a rejection
 * (its `attachments: …` lines say what was wrong with the files; a "success" with the Quote-Files
 * header "not-kept" was taken without its files), and a
 * network failure (logged to the console) means it never arrived. With files,
 * `post` is an upload that reports its progress (upload-form.ts).
 */
export async function sendQuote(endpoint: string, body: FormData, post = postForm): Promise<SendResult> {
  const reply = await post(endpoint, body, 'The quote request');
  const text = reply?.text.trim() ?? '';
  const outcome = !reply ? 'unreachable' : text === QUOTE_SUCCESS_REPLY ? 'success' : 'rejected';
  return {
    outcome,
    filesNotKept: outcome === 'success' && reply?.header(QUOTE_FILES_HEADER) === QUOTE_FILES_NOT_KEPT,
    fileProblems: text
      .split('\n')
      .filter((line) => line.startsWith(PREFIX))
      .map((line) => line.slice(PREFIX.length).trim()),
  };
}
