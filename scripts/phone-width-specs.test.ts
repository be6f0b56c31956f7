import { existsSync, readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DESKTOP_ONLY_STAFF_SPECS, PHONE_WIDTH_TESTS } from '../e2e/support/phone-width-specs.ts';

interface SpecTest {
  /** `file.spec.ts:line title`, as a failure names it. */
  where: string;
  spec: string;
  phone: boolean;
  /** The names the test's own code uses: the helpers it calls, the properties it reads. */
  names: Set<string>;
}

/** Every `test(title, body)` of the end-to-end specs. */
function specTests(): SpecTest[] {
  const files = readdirSync('e2e').filter((file) => file.endsWith('.spec.ts'));
  return files.flatMap((file) => {
    const source = ts.createSourceFile(
      file,
      readFileSync(`e2e/${file}`, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const tests: SpecTest[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'test') {
        const [title] = node.arguments;
        const body = node.arguments.at(-1);
        if (title && body) {
          const names = new Set<string>();
          const collect = (inner: ts.Node) => {
            if (ts.isIdentifier(inner)) names.add(inner.text);
            ts.forEachChild(inner, collect);
          };
          collect(body);
          const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          tests.push({
            where: `${file}:${line} ${title.getText()}`,
            spec: file.replace('.spec.ts', ''),
            phone: PHONE_WIDTH_TESTS.test(title.getText()),
            names,
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return tests;
  });
}

/** What shows that a test checks the layout: axe, a position, the view, sideways scrolling, a phone's menu. */
const LAYOUT = [
  'expectNoAxeViolations',
  'expectNoAxeViolationsWithoutScripts',
  'expectBelowNavbar',
  'navigateViaHeader',
  'openInboxMenu',
  'openSection',
  'boundingBox',
  'toBeInViewport',
  'scrollWidth',
  'linesOf',
];
/** A test that picks its widths itself (a viewport it sets, pages it opens at each width) is left to itself. */
const OWN_WIDTHS = ['setViewportSize', 'width', 'widths'];

describe('what runs at phone width (docs/decisions/073)', () => {
  const tests = specTests();

  it('finds the specs and their @phone tests', () => {
    expect(tests.length).toBeGreaterThan(150);
    expect(tests.filter((test) => test.phone).length).toBeGreaterThan(20);
  });

  it('a test that checks the layout is tagged @phone, unless its spec is a staff task at desktop width only', () => {
    const untagged = tests.filter(
      (test) =>
        !test.phone &&
        !DESKTOP_ONLY_STAFF_SPECS.includes(test.spec) &&
        LAYOUT.some((name) => test.names.has(name)) &&
        !OWN_WIDTHS.some((name) => test.names.has(name)),
    );
    expect(untagged.map((test) => test.where)).toEqual([]);
  });

  it('the staff specs at desktop width only exist, and none of their tests is tagged @phone', () => {
    for (const spec of DESKTOP_ONLY_STAFF_SPECS) {
      expect(existsSync(`e2e/${spec}.spec.ts`), spec).toBe(true);
      expect(spec).toMatch(/^(staff|admin)-/);
    }
    const tagged = tests.filter((test) => test.phone && DESKTOP_ONLY_STAFF_SPECS.includes(test.spec));
    expect(tagged.map((test) => test.where)).toEqual([]);
  });
});
