import type { WebsitePageKey } from '../../common/site-content/website-pages.ts';

/**
 * A page's version, which a save sends back: "<release>.<save>", the release that last changed the
 * page (0: none, the build's content) and the saves of its draft since (0: no draft). Any save, any
 * publish of the page, a roll back that changes it: the version moves, and an editor who opened the
 * page before is refused instead of overwriting (docs/decisions/067-content-releases-drafts-and-preview.md).
 */
export function liveVersion(
  releases: readonly { id: number; changed: readonly string[] }[],
  key: WebsitePageKey,
) {
  const last = releases.filter((release) => release.changed.includes(key)).at(-1);
  return `${last?.id ?? 0}.0`;
}

/** The version after one more save of the draft. */
export function nextVersion(current: string): string {
  const [release = '0', saves = '0'] = current.split('.');
  return `${release}.${Number(saves) + 1}`;
}
