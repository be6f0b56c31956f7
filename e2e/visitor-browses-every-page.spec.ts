import { company } from '../common/company.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';

interface PageExpectation {
  path: string;
  heading: string | RegExp;
  /** Texts a visitor must see in the page's main content. */
  texts: (string | RegExp)[];
  /**
   * Sections (regions, by name) and the headings each lists, in order. A text can also be somewhere a
   * visitor does not see it yet (a hidden slide of the home page's banner, shown only when the banner
   * rotates to it): these are looked for where they are meant to be.
   */
  sections?: Record<string, string[]>;
}

const pages: PageExpectation[] = [
  {
    path: '/',
    heading: `Welcome to ${company.name}`,
    texts: [],
    sections: {
      'Services built around your goals': ['Software Development', 'Digital Marketing', 'UI/UX Design'],
      'A partner you can rely on': ['Modern Technology', 'Data-Driven', 'Timely Delivery', 'Expert Team'],
    },
  },
  {
    path: '/about',
    heading: 'Technology partners for ambitious businesses',
    texts: [
      'Our vision',
      'Our mission',
      'Innovation and Creativity',
      'Technical Excellence',
      'Client Success',
      'Continuous Learning',
      'Our expertise',
      'Our approach',
      '100+',
      'Projects Delivered',
      '50+',
      'Happy Clients',
      '24/7',
      'Technical Support',
    ],
  },
  {
    path: '/services',
    heading: 'Everything you need to succeed online',
    texts: ['Software Development', 'Digital Marketing', 'UI/UX Design', 'IT Consulting'],
  },
  {
    path: '/contact',
    heading: "Let's talk about your project",
    texts: ['Ludhiana, Punjab', 'PIN 141015', company.email, company.phoneDisplay],
  },
  {
    path: '/our-team',
    heading: 'The people behind your project',
    texts: [company.founder.name, 'Chief Executive Officer & Founder', 'Areas of expertise'],
  },
  {
    path: '/FAQ',
    heading: 'Frequently asked questions',
    texts: ['2-3 months', '6+ months'],
  },
  {
    path: '/termsandconditions',
    heading: 'Terms & Conditions',
    texts: ['Last updated: May 2025', '99.9% uptime guarantee', '30-day warranty', '30 days written notice'],
  },
  {
    path: '/privacypolicy',
    heading: 'Privacy Policy',
    texts: [
      'Last updated: January 2024',
      'Information We Collect',
      'How We Use Your Information',
      'Data Security',
      'Your Rights',
      'Contact Us',
    ],
  },
];

for (const expected of pages) {
  test(`a visitor opens ${expected.path} and sees its content @phone`, async ({ page }) => {
    const response = await page.goto(expected.path);
    expect(response?.status()).toBe(200);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(expected.heading);
    for (const text of expected.texts) {
      // Any match a visitor sees: never one that only a timer would bring into view.
      await expect(main.getByText(text, { exact: false }).filter({ visible: true }).first()).toBeVisible();
    }
    for (const [name, headings] of Object.entries(expected.sections ?? {})) {
      const section = main.getByRole('region', { name, exact: true });
      await expect(section.getByRole('heading', { level: 3 })).toHaveText(headings);
      for (const heading of headings)
        await expect(section.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(page).toHaveTitle(/\S/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
  });
}

test('every page has its own title and description', async ({ page }) => {
  const seen = new Map<string, string>();
  for (const { path } of pages) {
    await page.goto(path);
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    for (const value of [title, description ?? '']) {
      expect(seen.get(value), `"${value}" is used by ${seen.get(value)} and ${path}`).toBeUndefined();
      seen.set(value, path);
    }
  }
});

test('the content is in the HTML before any JavaScript runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const expected of pages) {
    await page.goto(expected.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.heading);
  }
  await context.close();
});

test('a page loads only its own small scripts: no framework on content pages, never the inbox', async ({
  page,
}) => {
  for (const { path } of pages) {
    const scripts: string[] = [];
    const record = (request: { resourceType(): string; url(): string }) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    };
    page.on('request', record);
    await page.goto(path);
    await waitForHydration(page);
    page.off('request', record);
    expect(scripts.length, `scripts of ${path}`).toBeGreaterThan(0);
    for (const script of scripts) expect(script, `a script of ${path}`).toMatch(/^\/assets\/island-/);
    // Only the home page has React islands (its banner and quote form).
    if (path !== '/') expect(scripts, `scripts of ${path}`).toEqual([expect.stringMatching(/island-site-/)]);
  }
});

test('the FAQ has seven questions with answers', async ({ page }) => {
  await page.goto('/FAQ');
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(7);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(7);
});

test('the terms have nine numbered sections and link the email and phone', async ({ page }) => {
  await page.goto('/termsandconditions');
  const headings = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(headings).toHaveCount(9);
  for (let number = 1; number <= 9; number++) {
    await expect(headings.nth(number - 1)).toHaveText(new RegExp(`^${number}\\. `));
  }
  await expect(page.getByRole('link', { name: company.email })).toHaveAttribute(
    'href',
    `mailto:${company.email}`,
  );
  await expect(page.getByRole('link', { name: company.phoneDisplay })).toHaveAttribute(
    'href',
    `tel:${company.phoneE164}`,
  );
});

test('the contact page shows the email and phone as plain text', async ({ page }) => {
  await page.goto('/contact');
  const main = page.getByRole('main');
  await expect(main.getByText(company.email)).toBeVisible();
  await expect(main.locator('a[href^="mailto:"], a[href^="tel:"]')).toHaveCount(0);
});

test('the team page shows the founder with four areas of expertise', async ({ page }) => {
  await page.goto('/our-team');
  const card = page.getByRole('article', { name: company.founder.name });
  await expect(card.getByRole('listitem')).toHaveCount(4);
});

test('the footer has the social, service and quick links and the newsletter box @phone', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  for (const network of ['Facebook', 'LinkedIn', 'Instagram']) {
    const link = footer.getByRole('link', { name: new RegExp(network) });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  for (const [name, href] of [
    ['Software Development', '/services#software-development'],
    ['Digital Marketing', '/services#digital-marketing'],
    ['UI/UX Design', '/services#ui-ux-design'],
    ['IT Consulting', '/services#it-consulting'],
  ]) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
  }
  for (const name of [
    'Home',
    'About Us',
    'Contact Us',
    'Our Services',
    'FAQ',
    'Terms & Conditions',
    'Privacy Policy',
  ]) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  const email = footer.getByRole('textbox');
  await expect(email).toHaveAttribute('type', 'email');
  await expect(email).toHaveAttribute('required', '');
  await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await expect(footer).toContainText('© 2025');
});

test('no page scrolls sideways, from 320 px wide up @phone', async ({ page }) => {
  for (const width of [320, 768, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    for (const { path } of pages) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
});
