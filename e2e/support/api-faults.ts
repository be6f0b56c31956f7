/**
 * Failures the real server would not give on cue, injected in the browser with page.route: an error
 * status, a slow reply, a lost connection. Every other call reaches the real server.
 */
import type { Page } from '@playwright/test';
import { INBOX_API } from '../../common/inbox-paths.ts';
import type { ApiError } from '../../common/inbox-api/endpoint.ts';

const matches = (pattern: string | RegExp, path: string) =>
  typeof pattern === 'string' ? pattern === path : pattern.test(path);

/** Calls the pattern matches, by method and path below /admin/api (e.g. "GET", "/leads"). */
async function intercept(
  page: Page,
  method: string,
  path: string | RegExp,
  times: number,
  answer: (route: Parameters<Parameters<Page['route']>[1]>[0]) => Promise<void>,
) {
  let left = times;
  await page.route(`**${INBOX_API}/**`, async (route) => {
    const request = route.request();
    const requestPath = new URL(request.url()).pathname.slice(INBOX_API.length);
    if (left > 0 && request.method() === method && matches(path, requestPath)) {
      left--;
      return answer(route);
    }
    return route.fallback();
  });
}

/** Answers the next calls (times: how many) with this status and error body instead of the server. */
export async function failNext(
  page: Page,
  method: string,
  path: string | RegExp,
  status: number,
  body: Partial<ApiError> = {},
  times = 1,
) {
  await intercept(page, method, path, times, (route) =>
    route.fulfill({
      status,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({
        error: body.error ?? `http-${status}`,
        message: body.message ?? 'The server could not do this.',
        ...body,
      }),
    }),
  );
}

/** Holds the next call until the returned function is called, then lets it reach the server: a slow reply. */
export async function holdNext(page: Page, method: string, path: string | RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await intercept(page, method, path, 1, async (route) => {
    await released;
    await route.fallback();
  });
  return () => release();
}

/** Makes the next calls fail as a lost connection would, until the returned function is called. */
export async function disconnect(page: Page, method: string, path: string | RegExp): Promise<() => void> {
  let connected = false;
  await intercept(page, method, path, Number.POSITIVE_INFINITY, (route) =>
    connected ? route.fallback() : route.abort('failed'),
  );
  return () => (connected = true);
}

/**
 * Makes the browser say it cannot offer passkeys in a field's suggestions (no conditional mediation), as
 * some browsers do. Chromium's virtual authenticator answers such a request at once, which would sign in
 * before a test presses the button.
 */
export async function withoutPasskeyAutofill(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
      value: async () => false,
    });
  });
}
