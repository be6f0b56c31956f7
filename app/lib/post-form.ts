/** How long the browser waits for a form endpoint before giving up. */
const POST_TIMEOUT_MS = 20_000;

export interface FormReply {
  status: number;
  /** The reply body as text (the site's endpoints answer in plain text). */
  text: string;
  /** A header of the reply, null when it has none. */
  header: (name: string) => string | null;
}

/**
 * Posts form data (multipart) and reads the reply as text. Resolves to null
 * when the request never got an answer (offline, timeout, blocked); that
 * failure is logged to the console with the given label.
 */
export async function postForm(endpoint: string, body: FormData, label: string): Promise<FormReply | null> {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      body,
      headers: { Accept: 'text/plain' },
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    return {
      status: response.status,
      text: await response.text(),
      header: (name) => response.headers.get(name),
    };
  } catch (error) {
    console.error(`${label} could not be sent:`, error);
    return null;
  }
}
