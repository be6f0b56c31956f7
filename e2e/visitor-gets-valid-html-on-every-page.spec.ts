import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { prerenderPaths } from '../app/content/site-map.ts';
import { expect, test } from './support/fixtures.ts';

// The rules are in .htmlvalidate.json: the HTML standard, document structure and accessibility.
const validator = new HtmlValidate(new FileSystemConfigLoader());

test.describe('valid HTML', () => {
  for (const path of prerenderPaths) {
    test(`${path} is valid HTML as served`, async ({ request }) => {
      const response = await request.get(path === '/404' ? '/no-such-page' : path);
      const html = await response.text();
      const report = await validator.validateString(html, `${path}.html`);
      const problems = report.results
        .flatMap((result) => result.messages)
        .map((message) => `${message.ruleId}: ${message.message} (${message.selector ?? 'document'})`);
      expect(problems).toEqual([]);
    });
  }
});
