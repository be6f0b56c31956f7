import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures.ts';
import { startWebsiteInstances, websiteApi, type WebsiteInstances } from './support/website-instances.ts';

/**
 * Two instances of the built server on one PostgreSQL database, as behind a load balancer: what an admin
 * publishes on one is served by the other within seconds, with no restart, and releases land in order.
 */

test.describe.configure({ mode: 'serial' });

let instances: WebsiteInstances;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  instances = await startWebsiteInstances(2);
});
test.afterAll(async () => {
  await instances?.stop();
});

/** The public FAQ page as a visitor's request gets it from one instance. */
async function faqOn(url: string): Promise<string> {
  return (await fetch(`${url}/FAQ`)).text();
}

test('an answer published on one instance is on the other within 10 s, read without JavaScript', async ({
  browser,
}) => {
  const [publishing = '', other = ''] = instances.urls;
  const api = websiteApi(publishing, instances);
  const answer = `Yes, on Saturdays too (${randomUUID().slice(0, 8)}).`;
  await api.saveFaqAnswer(answer);
  expect(await faqOn(other)).not.toContain(answer);
  await api.publish();
  // The instance that published serves it at once; the other within 10 s.
  expect(await faqOn(publishing)).toContain(answer);
  await expect.poll(() => faqOn(other), { timeout: 10_000, intervals: [100] }).toContain(answer);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await context.newPage();
  await visitor.goto(`${other}/FAQ`);
  await expect(visitor.getByText(answer)).toBeVisible();
  await context.close();

  // Search engines hear of it on both: the FAQ's lastmod is the release's time, not the build's day.
  for (const url of [publishing, other]) {
    const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
    expect(sitemap, url).toMatch(/\/FAQ<\/loc><lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
  }
});

test('releases published one after another land on the other instance in order, the newest last', async () => {
  test.slow();
  const [publishing = '', other = ''] = instances.urls;
  const api = websiteApi(publishing, instances);
  const seen: number[] = [];
  let watching = true;
  // What a visitor of the other instance sees while the releases come: never an older one after a newer.
  const watcher = (async () => {
    while (watching) {
      const release = /Release number (\d+)\./.exec(await faqOn(other))?.[1];
      if (release && seen.at(-1) !== Number(release)) seen.push(Number(release));
    }
  })();
  for (const release of [1, 2, 3, 4, 5]) {
    await api.saveFaqAnswer(`Release number ${release}.`);
    await api.publish();
  }
  await expect.poll(() => faqOn(other), { timeout: 10_000, intervals: [100] }).toContain('Release number 5.');
  watching = false;
  await watcher;
  expect(seen.at(-1)).toBe(5);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
});

test('a new company name in the company details reaches every page of the other instance, 404 included', async () => {
  test.slow();
  const [publishing = '', other = ''] = instances.urls;
  const api = websiteApi(publishing, instances);
  const name = `Acme Tech ${randomUUID().slice(0, 8)}`;
  await api.saveCompanyName(name);
  await api.publish();
  const pageOn = async (path: string) => (await fetch(`${other}${path}`)).text();
  await expect.poll(() => pageOn('/FAQ'), { timeout: 10_000, intervals: [100] }).toContain(name);
  for (const path of [
    '/',
    '/about',
    '/contact',
    '/our-team',
    '/privacypolicy',
    '/thank-you',
    '/no-such-page',
  ]) {
    expect(await pageOn(path), path).toContain(name);
  }
});
