import { convert } from 'html-to-text';
import juice from 'juice';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { company } from '../../common/company.ts';
import { NEWSLETTER_ARCHIVE_PATH } from '../../common/newsletter-archive.ts';
import { escapeHtml } from '../mail/escape-html.ts';

/**
 * The brand in hex (mail programs know no oklch): app/styles/tokens.css's --color-brand-700 (#1d4ed8),
 * --color-brand-50 and --color-ink.
 */
const BRAND = { primary: '#1d4ed8', tint: '#eff6ff', ink: '#0f172a', muted: '#475569', line: '#e2e8f0' };

/** What staff may put in a campaign; everything else (scripts, styles, frames, handlers) is dropped. */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'a',
    'strong',
    'em',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'img',
    'hr',
    'br',
  ],
  allowedAttributes: { a: ['href'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemesByTag: { a: ['https', 'mailto'], img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Relative addresses mean nothing in an email: a link keeps only an https or mailto address, an
  // image goes unless its address is https.
  transformTags: {
    a: (tagName, attribs) => {
      const { href, ...rest } = attribs;
      return { tagName, attribs: href && /^(https:\/\/|mailto:)/i.test(href) ? { ...rest, href } : rest };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^https:\/\//i.test(frame.attribs.src ?? ''),
};

const markdown = new Marked({ gfm: true, async: false });

/** Markdown → HTML with only the allowed tags, attributes and URLs. */
export function campaignBodyHtml(bodyMarkdown: string): string {
  const html = markdown.parse(bodyMarkdown) as string;
  return sanitizeHtml(html, ALLOWED)
    .replace(/<a (?=href="https:)/g, '<a target="_blank" rel="noopener" ')
    .replace(/<img (?![^>]*\balt=)/g, '<img alt="" ');
}

/**
 * The body of a campaign's web version (the public archive): the same sanitised HTML as the email's, its
 * headings moved down so that the body's highest one is an h2 under the page's own h1 (the subject). A
 * body that starts with "# Title" or with "### Title" reads the same, and the page's outline has no gap.
 */
export function campaignWebBodyHtml(bodyMarkdown: string): string {
  const html = campaignBodyHtml(bodyMarkdown);
  // The sanitiser keeps no attribute on a heading: each is exactly <hN> ... </hN>.
  const levels = [...html.matchAll(/<h([1-6])>/g)].map((match) => Number(match[1]));
  if (levels.length === 0) return html;
  const shift = 2 - Math.min(...levels);
  return html.replace(/<(\/?)h([1-6])>/g, (_tag, close: string, level: string) => {
    return `<${close}h${Math.min(6, Math.max(2, Number(level) + shift))}>`;
  });
}

export interface CampaignContent {
  subject: string;
  preheader: string;
  bodyMarkdown: string;
}

export interface RenderSettings {
  /** The public origin (SITE_URL). */
  siteUrl: string;
  /** The campaign's archive address, once it is published there; no "View it in your browser" otherwise. */
  archiveSlug: string | null;
  /** The recipient's own unsubscribe link (the sending makes one per recipient). */
  unsubscribeUrl: string;
}

export interface RenderedCampaign {
  subject: string;
  html: string;
  text: string;
}

const STYLES = `
body { margin: 0; padding: 0; background: ${BRAND.tint}; color: ${BRAND.ink}; font-family: Arial, Helvetica, sans-serif; line-height: 1.5; }
.frame { width: 100%; background: ${BRAND.tint}; }
.card { max-width: 600px; margin: 0 auto; background: #ffffff; border-top: 4px solid ${BRAND.primary}; }
.masthead { padding: 20px 28px; font-size: 18px; font-weight: bold; color: ${BRAND.primary}; }
.content { padding: 0 28px 24px; font-size: 16px; }
.content a { color: ${BRAND.primary}; }
.content img { max-width: 100%; height: auto; }
.content blockquote { margin: 0; padding-left: 12px; border-left: 3px solid ${BRAND.line}; color: ${BRAND.muted}; }
.content pre { background: ${BRAND.tint}; padding: 12px; overflow-x: auto; }
.footer { max-width: 600px; margin: 0 auto; padding: 16px 28px 32px; font-size: 13px; color: ${BRAND.muted}; }
.footer a { color: ${BRAND.muted}; }
.browser { max-width: 600px; margin: 0 auto; padding: 8px 28px; font-size: 12px; color: ${BRAND.muted}; text-align: right; }
.browser a { color: ${BRAND.muted}; }
`;

const postalAddress = () => {
  const { street, locality, region, postalCode, country } = company.address;
  return `${street}, ${locality}, ${region} ${postalCode}, ${country}`;
};

/** The archive page of a published campaign (its canonical URL too). */
export const archiveUrl = (siteUrl: string, slug: string) =>
  `${siteUrl}${NEWSLETTER_ARCHIVE_PATH}/${encodeURIComponent(slug)}`;

/**
 * The one renderer of a campaign, for the preview and the email alike: the sanitised body in the
 * brand's layout with a hidden preheader, the archive link when published, the unsubscribe link and the
 * postal address in the footer; CSS inlined; and the plain-text part from the same HTML. No tracking
 * pixel, no rewritten links.
 */
export function renderCampaign(content: CampaignContent, settings: RenderSettings): RenderedCampaign {
  const browserLink = settings.archiveSlug
    ? `<div class="browser"><a href="${escapeHtml(archiveUrl(settings.siteUrl, settings.archiveSlug))}">View it in your browser</a></div>`
    : '';
  const document = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title><style>${STYLES}</style></head>
<body>
<div style="display: none; max-height: 0; overflow: hidden; opacity: 0;" data-preheader>${escapeHtml(content.preheader)}</div>
<div class="frame">
${browserLink}
<div class="card">
<div class="masthead">${escapeHtml(company.name)}</div>
<div class="content">
${campaignBodyHtml(content.bodyMarkdown)}
</div>
</div>
<div class="footer">
<p>You receive this because you subscribed to the ${escapeHtml(company.name)} newsletter. <a href="${escapeHtml(settings.unsubscribeUrl)}">Unsubscribe</a></p>
<p>${escapeHtml(company.name)}, ${escapeHtml(postalAddress())}</p>
</div>
</div>
</body>
</html>
`;
  const html = juice(document, {
    removeStyleTags: true,
    preserveMediaQueries: false,
    applyHeightAttributes: false,
    applyWidthAttributes: false,
  });
  const text = convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: '[data-preheader]', format: 'skip' },
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
    ],
  });
  return { subject: content.subject, html, text };
}
