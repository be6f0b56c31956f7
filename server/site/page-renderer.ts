import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createRequestHandler,
  RouterContextProvider,
  type RouterContext,
  type ServerBuild,
} from 'react-router';
import { type SiteContent, siteContentSchema } from '../../common/site-content/site-content.ts';
import { addIslandScripts } from '../../common/island-scripts.ts';
import { PAGE_RENDERER_DIR, type PageScripts } from './page-renderer-files.ts';
import { type Precompressed, precompress } from './precompress.ts';

/** A public page rendered from some content: the file the build would write, and its compressed forms. */
export interface RenderedPage extends Precompressed {
  readonly path: string;
  /** Where the build keeps it under build/client, e.g. "faq/index.html". */
  readonly file: string;
  readonly html: Buffer;
}

/** A page that could not be rendered, and why: publishing stops and says so. */
export class PageRenderError extends Error {
  override name = 'PageRenderError';
  constructor(
    readonly path: string,
    reason: string,
    options?: ErrorOptions,
  ) {
    super(`${path}: ${reason}`, options);
  }
}

export interface PageRenderer {
  /** The public pages it renders (the page table's prerendered pages), by path. */
  readonly paths: readonly string[];
  /** The build's own content (app/content's starting copy), which its built pages show. */
  readonly defaultContent: SiteContent;
  render(content: SiteContent, path: string): Promise<RenderedPage>;
}

// The app runs with middleware (react-router.config.ts): its load context is a provider of router
// contexts. React Router's typegen says so for app/; the server's compilation learns it here.
declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}

function fileOf(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

/**
 * The one page renderer: React Router's server build of the app, as the build's prerendering calls it
 * (the same request, the same route modules, the same components), with the content in the request's
 * context, then the build's own steps (the page's island scripts, Brotli and gzip). Rendering the
 * default content gives the build's files byte for byte
 * (docs/decisions/064-content-as-data-and-one-page-renderer.md). Needs `npm run build`, not Vite.
 */
export async function loadPageRenderer(dir: string = PAGE_RENDERER_DIR): Promise<PageRenderer> {
  const serverBuild = pathToFileURL(resolve(dir, 'server', 'index.js')).href;
  const [build, pageScripts] = await Promise.all([
    // eslint-disable-next-line no-restricted-syntax -- the app's server build, written by npm run build: not a source file
    import(serverBuild) as Promise<ServerBuild>,
    readFile(join(dir, 'page-scripts.json'), 'utf8').then((text) => JSON.parse(text) as PageScripts),
  ]);
  const entry = build.entry.module as {
    siteContentKey?: RouterContext<SiteContent>;
    defaultSiteContent?: SiteContent;
  };
  const key = entry.siteContentKey;
  if (!key || !entry.defaultSiteContent)
    throw new Error(`${serverBuild} has no siteContentKey: is it the app's server build?`);
  const defaultContent = siteContentSchema.parse(entry.defaultSiteContent);
  const handle = createRequestHandler(build, 'production');

  return {
    paths: Object.keys(pageScripts.scripts),
    defaultContent,
    async render(content, path) {
      const scripts = pageScripts.scripts[path];
      if (!scripts) throw new PageRenderError(path, 'not a public page of the site');
      const checked = siteContentSchema.safeParse(content);
      if (!checked.success)
        throw new PageRenderError(path, 'the content is not valid', { cause: checked.error });
      // The request React Router's prerendering sends for the page (its path with a trailing slash).
      const request = new Request(`http://localhost${path === '/' ? '/' : `${path}/`}`);
      let response: Response;
      try {
        const context = new RouterContextProvider(new Map([[key, checked.data]]));
        response = await handle(request, context);
      } catch (error) {
        throw new PageRenderError(path, error instanceof Error ? error.message : String(error), {
          cause: error,
        });
      }
      const text = await response.text();
      if (response.status !== 200) throw new PageRenderError(path, `rendered with status ${response.status}`);
      const html = Buffer.from(addIslandScripts(text, scripts, pageScripts.manifest));
      return { path, file: fileOf(path), html, ...precompress(html) };
    },
  };
}
