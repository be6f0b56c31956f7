import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';

/** WCAG 2.2 AA, as the accessibility tests check it. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Brings the page to rest: reduced motion stops the banner's rotation, and every running
 * transition is let finish. Otherwise axe may measure a slide half faded in, whose text is
 * briefly paler than any visitor reads it.
 */
async function settle(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * The time one axe run may take, on top of the test's own: a full WCAG run takes a few seconds on an idle
 * machine but, on two cores busy with other work, long enough to push a test past its 30 s. Only the
 * tests that run axe get more time; every rule still runs on the whole page.
 */
const AXE_RUN_MS = 30_000;

/** The attribute that marks the part of the page a scoped run checks. */
const SCOPE = 'data-axe-scope';

/**
 * Runs axe on the page at rest and fails with a readable list of any violation. `within`: only that part
 * of the page, for a state of it (a form showing its errors, a file listed) whose page is checked whole,
 * at the same width, by another run (decision 072): axe takes seconds a run, most of it on the parts that
 * did not change.
 */
export async function expectNoAxeViolations(page: Page, what: string, within?: Locator) {
  test.info().setTimeout(test.info().timeout + AXE_RUN_MS);
  await settle(page);
  try {
    // A frame sandboxed without scripts (an email's preview) runs none, axe's included: axe would wait on
    // it for ever. Its element is still checked (a title); its document is the email, not the page.
    // Legacy mode runs axe.run in the page itself, instead of a partial run per frame finished in a new
    // blank page: the same results on every page checked (docs/decisions/073), in about half the time. It
    // skips only frames of another origin, and the pages have none but that excluded preview.
    let axe = new AxeBuilder({ page }).withTags(WCAG_TAGS).exclude('iframe[sandbox=""]').setLegacyMode(true);
    if (within) {
      await within.evaluate((element, name) => element.setAttribute(name, ''), SCOPE);
      axe = axe.include(`[${SCOPE}]`);
    }
    const results = await axe.analyze();
    const violations = results.violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
    );
    expect(violations, `axe violations on ${what}`).toEqual([]);
  } finally {
    await within?.evaluate((element, name) => element.removeAttribute(name), SCOPE);
    await page.emulateMedia({ reducedMotion: null });
  }
}
