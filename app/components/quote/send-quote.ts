import { QUOTE_SUCCESS_REPLY } from '../../../common/quote-messages';
import { postForm } from '../../lib/post-form';

export type SendOutcome = 'success' | 'rejected' | 'unreachable';

/**
 * Posts the quote request as multipart form data and reads the reply as text:
 * the word "success" means it was received, any other text is a rejection,
 * and a network failure (logged to the console) means it never arrived.
 */
export async function sendQuote(endpoint: string, body: FormData): Promise<SendOutcome> {
  const reply = await postForm(endpoint, body, 'The quote request');
  if (!reply) return 'unreachable';
  return reply.text.trim() === QUOTE_SUCCESS_REPLY ? 'success' : 'rejected';
}
