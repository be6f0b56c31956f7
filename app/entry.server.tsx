import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { createContext, type EntryContext, type RouterContextProvider, ServerRouter } from 'react-router';
import type { SiteContent } from '../common/site-content/site-content';
import { defaultSiteContent } from './content/site-content';
import { readRenderingContentWith, SiteContentProvider } from './lib/site-content';

/**
 * The content a page is rendered from, in the request's context: the build's prerendering sets none
 * (the default content); the page renderer gives a release's (server/site/page-renderer.ts reads this
 * key from the server build: docs/decisions/064-content-as-data-and-one-page-renderer.md).
 */
export const siteContentKey = createContext<SiteContent>(defaultSiteContent);

/** The starting content, for the server (the live content before any release) from this one source. */
export { defaultSiteContent };

/** The content of the render in progress, for the pages' meta functions (outside React's context). */
const rendering = new AsyncLocalStorage<SiteContent>();
readRenderingContentWith(() => rendering.getStore());

export const streamTimeout = 5_000;

/**
 * React Router's own server entry (renders every page whole, as its prerendering does), with the
 * page's content around the app. The public pages are only ever rendered here by the build and by
 * the page renderer, never per visitor.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const content = loadContext.get(siteContentKey);
  return new Promise<Response>((resolve, reject) => {
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = rendering.run(content, () =>
      renderToPipeableStream(
        <SiteContentProvider content={content}>
          <ServerRouter context={routerContext} url={request.url} />
        </SiteContentProvider>,
        {
          onAllReady() {
            const body = new PassThrough({
              final(callback) {
                clearTimeout(timeout);
                callback();
              },
            });
            responseHeaders.set('Content-Type', 'text/html');
            pipe(body);
            resolve(
              new Response(createReadableStreamFromReadable(body), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
          },
          onShellError: reject,
          onError() {
            responseStatusCode = 500;
          },
        },
      ),
    );
  });
}
