/**
 * A message that outlives one navigation: an action sets it before it redirects (a lead deleted, signed
 * out), and the loader of the page it lands on takes it, so that page can say what happened.
 */
let message: string | undefined;

export function setFlash(text: string) {
  message = text;
}

export function takeFlash(): string | undefined {
  const text = message;
  message = undefined;
  return text;
}
