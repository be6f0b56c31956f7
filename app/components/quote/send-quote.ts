import { ATTACHMENT_FIELD } from '../../../common/attachments';
import { QUOTE_SUCCESS_REPLY } from '../../../common/quote-messages';
import { postForm } from '../../lib/post-form';
import { uploadForm } from '../../lib/upload-form';

export type SendOutcome = 'success' | 'rejected' | 'unreachable';

export interface SendResult {
  outcome: SendOutcome;
  /** A rejection's `attachments: …` lines, without the prefix: each names its file where it is about one. */
  fileProblems: string[];
}

const LABEL = 'The quote request';
const PREFIX = `${ATTACHMENT_FIELD}: `;

/**
 * Posts the quote request as multipart form data and reads the reply as text:
 * the word "success" means it was received, any other text is a rejection
 * (its `attachments: …` lines say what was wrong with the files), and a
 * network failure (logged to the console) means it never arrived. With
 * onProgress (files attached) the upload's progress is reported as it goes.
 */
export async function sendQuote(
  endpoint: string,
  body: FormData,
  onProgress?: (percent: number) => void,
): Promise<SendResult> {
  const reply = await (onProgress
    ? uploadForm(endpoint, body, LABEL, onProgress)
    : postForm(endpoint, body, LABEL));
  const text = reply?.text.trim();
  const outcome = !reply ? 'unreachable' : text === QUOTE_SUCCESS_REPLY ? 'success' : 'rejected';
  const fileProblems = (text ?? '')
    .split('\n')
    .filter((line) => line.startsWith(PREFIX))
    .map((line) => line.slice(PREFIX.length).trim());
  return { outcome, fileProblems };
}
