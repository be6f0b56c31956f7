import { escapeHtml } from './escape-html.ts';

/** The HTML part of an email: a whole document with inline styles (mail programs drop stylesheets). */
export const htmlPage = (title: string, body: string) =>
  `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #0f172a; line-height: 1.5;">
${body}
</body>
</html>
`;

/** Plain text as HTML: a blank line parts paragraphs, a line break stays one (`<br>`), all of it escaped. */
export const htmlParagraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
