import { createContext, useContext, type ReactNode } from 'react';
import type { SiteContent } from '../../common/site-content/site-content';
import { defaultSiteContent } from '../content/site-content';

/**
 * The content a public page renders from: the default content at build time, a release's content when
 * the server renders a page (app/entry.server.tsx gives it; docs/decisions/064-content-as-data-and-one-page-renderer.md).
 * The islands do not read it: they get their part as props, written into the page (app/islands/island.tsx).
 */
const SiteContentContext = createContext<SiteContent>(defaultSiteContent);

export function SiteContentProvider({ content, children }: { content: SiteContent; children: ReactNode }) {
  return <SiteContentContext value={content}>{children}</SiteContentContext>;
}

export function useSiteContent(): SiteContent {
  return useContext(SiteContentContext);
}

let readRendering: () => SiteContent | undefined = () => undefined;

/**
 * Where the pages' meta functions (titles, JSON-LD), which React Router calls outside the components'
 * context, read the content of the page being rendered: the server's entry sets it once.
 */
export function readRenderingContentWith(reader: () => SiteContent | undefined): void {
  readRendering = reader;
}

/** The content of the page being rendered, for meta functions; the default content elsewhere. */
export function renderingContent(): SiteContent {
  return readRendering() ?? defaultSiteContent;
}
