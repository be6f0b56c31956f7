import { QUOTE_SUCCESS_REPLY } from '../../../common/messages';

export type SendOutcome = 'success' | 'rejected' | 'unreachable';

/** How long the browser waits for the quote endpoint before giving up. */
export const SEND_TIMEOUT_MS = 20_000;

/**
 * Posts the quote request as multipart form data and reads the reply as text:
 * the word "success" means it was received, any other text is a rejection,
 * and a network failure (logged to the console) means it never arrived.
 */
export async function sendQuote(endpoint: string, body: FormData): Promise<SendOutcome> {
  let reply: string;
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      body,
      headers: { Accept: 'text/plain' },
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    reply = await response.text();
  } catch (error) {
    console.error('The quote request could not be sent:', error);
    return 'unreachable';
  }
  return reply.trim() === QUOTE_SUCCESS_REPLY ? 'success' : 'rejected';
}
