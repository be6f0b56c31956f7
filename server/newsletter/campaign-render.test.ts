import { describe, expect, it } from 'vitest';
import { company } from '../../common/company.ts';
import {
  campaignBodyHtml,
  campaignWebBodyHtml,
  type RenderSettings,
  renderCampaign,
} from './campaign-render.ts';

const settings: RenderSettings = {
  siteUrl: 'https://www.acme.test',
  archiveSlug: null,
  unsubscribeUrl: 'https://www.acme.test/newsletter/unsubscribe?token=abc',
};
const render = (bodyMarkdown: string, more: Partial<RenderSettings> = {}) =>
  renderCampaign({ subject: 'News', preheader: 'The short of it', bodyMarkdown }, { ...settings, ...more });

describe('a campaign as rendered', () => {
  it('strips scripts, event handlers, javascript: links, data: images and raw iframes', () => {
    const html = campaignBodyHtml(
      [
        'Hello <script>alert(1)</script>',
        '<img src="https://cdn.acme.test/a.png" onerror="alert(2)">',
        '[click](javascript:alert(3)) and <a href="JaVaScRiPt:alert(4)">this</a>',
        '![pixel](data:image/png;base64,iVBORw0KGgo=)',
        '<iframe src="https://evil.test"></iframe><style>p{}</style><p style="color:red" onclick="x()">p</p>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript|data:|iframe|style/i);
    expect(html).toMatch(/<img [^>]*src="https:\/\/cdn.acme.test\/a.png"/);
    expect(html).toContain('Hello');
  });

  it('keeps images only by https address, and links only to https or mailto', () => {
    const html = campaignBodyHtml(
      '![a](http://cdn.acme.test/a.png) ![b](/b.png) ![c](//cdn.acme.test/c.png) ![d](https://cdn.acme.test/d.png)\n\n' +
        '[web](https://acme.test) [mail](mailto:hello@acme.test) [plain](http://acme.test) [rel](/about)',
    );
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).toContain('src="https://cdn.acme.test/d.png"');
    expect(html).toContain('href="https://acme.test"');
    expect(html).toContain('href="mailto:hello@acme.test"');
    expect(html).not.toContain('href="http://acme.test"');
    expect(html).not.toContain('href="/about"');
  });

  it('keeps the allowed formatting: headings, lists, quotes, code, rules', () => {
    const html = campaignBodyHtml('## Title\n\n**bold** *it*\n\n- one\n1. two\n\n> quote\n\n`code`\n\n---');
    for (const tag of ['<h2>', '<strong>', '<em>', '<ul>', '<ol>', '<blockquote>', '<code>', '<hr />']) {
      expect(html).toContain(tag);
    }
  });

  it('has a hidden preheader, inline styles, and a footer with the postal address and unsubscribe link', () => {
    const { html } = render('Hi');
    expect(html).toMatch(/<div style="display: none;[^"]*"[^>]*>The short of it<\/div>/);
    expect(html).not.toContain('<style');
    expect(html).toContain('style="');
    expect(html).toContain(company.address.street);
    expect(html).toContain(company.address.postalCode);
    expect(html).toContain('href="https://www.acme.test/newsletter/unsubscribe?token=abc"');
    expect(html).not.toContain('View it in your browser');
  });

  it('links to the archive when published there', () => {
    const { html, text } = render('Hi', { archiveSlug: 'november-news' });
    expect(html).toContain('href="https://www.acme.test/newsletter/archive/november-news"');
    expect(text).toContain('https://www.acme.test/newsletter/archive/november-news');
  });

  it('has a text part with the links, the unsubscribe link and the address, without the preheader', () => {
    const { text } = render(
      'Read [our blog](https://www.acme.test/blog).\n\n![logo](https://cdn.acme.test/l.png)',
    );
    expect(text).toContain('our blog [https://www.acme.test/blog]');
    expect(text).toContain('https://www.acme.test/newsletter/unsubscribe?token=abc');
    expect(text).toContain(company.address.locality);
    expect(text).not.toContain('The short of it');
    expect(text).not.toContain('<');
  });

  it('escapes the subject and preheader', () => {
    const { html } = renderCampaign(
      { subject: '<b>x</b>', preheader: '<img src=x onerror=alert(1)>', bodyMarkdown: '' },
      settings,
    );
    expect(html).not.toMatch(/<b>x|<img src=x/);
  });
});

describe('a campaign’s web version (the public archive)', () => {
  it('is the email’s sanitised body, its highest heading an h2 under the page’s h1, its outline kept', () => {
    const html = campaignWebBodyHtml('# Title\n\n## Part\n\nSome *text*.\n\n<script>x()</script>');
    expect(html).toBe(campaignBodyHtml('## Title\n\n### Part\n\nSome *text*.\n\n'));
    expect(html).not.toContain('script');
    expect(campaignWebBodyHtml('### Only\n\n#### Below')).toBe('<h2>Only</h2>\n<h3>Below</h3>\n');
    expect(campaignWebBodyHtml('Just **words**.')).toBe(campaignBodyHtml('Just **words**.'));
  });
});
