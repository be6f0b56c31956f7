import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The messages of the import rule for this code, linted as if it were the given file. */
async function importProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the direction of imports (npm run lint)', () => {
  it('refuses a core file of the server that imports a feature or a composition file', async () => {
    const problems = await importProblems(
      'server/outbox/example.ts',
      "import { a } from '../quote/quote-tables.ts';\nimport { b } from '../stores.ts';\nexport const c = [a, b];\n",
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('The core of the server imports no feature');
  });

  it('refuses a feature that imports another feature', async () => {
    const problems = await importProblems(
      'server/quote/example.ts',
      "import { a } from '../newsletter/tokens.ts';\nexport const b = a;\n",
    );
    expect(problems).toEqual([expect.stringContaining('never another feature')]);
  });

  it('refuses common/ code that imports the app, the server or Node', async () => {
    const problems = await importProblems(
      'common/example.ts',
      "import { a } from '../app/content/home';\nimport { b } from '../server/config.ts';\nimport { c } from 'node:fs';\nexport const d = [a, b, c];\n",
    );
    expect(problems).toHaveLength(3);
  });

  it('lets a feature use the core, and the core use common/', async () => {
    expect(
      await importProblems(
        'server/quote/example.ts',
        "import { a } from '../outbox/outbox-rows.ts';\nimport { b } from '../../common/company.ts';\nexport const c = [a, b];\n",
      ),
    ).toEqual([]);
  });
});
