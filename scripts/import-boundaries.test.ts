import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

const IMPORT_RULES = new Set([
  'import-x/no-restricted-paths',
  'import-x/no-nodejs-modules',
  'no-restricted-syntax',
]);

/** The import rules' messages for this code, linted as if it were the given file (imports resolve for real). */
async function importProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId !== null && IMPORT_RULES.has(message.ruleId))
    .map((message) => message.message);
}

/** One import of `path` in each way a file can write it: static, re-export, dynamic. */
const ways = (path: string) => [
  `import { a } from '${path}';\nexport const b = a;\n`,
  `export * from '${path}';\n`,
  `export const load = () => import('${path}');\n`,
];

async function expectRefused(filePath: string, paths: readonly string[], message: string) {
  for (const path of paths) {
    for (const code of ways(path)) {
      expect(await importProblems(filePath, code), `${filePath}: ${code}`).toEqual([
        expect.stringContaining(message),
      ]);
    }
  }
}

async function expectAllowed(filePath: string, paths: readonly string[]) {
  for (const path of paths) {
    for (const code of ways(path)) {
      expect(await importProblems(filePath, code), `${filePath}: ${code}`).toEqual([]);
    }
  }
}

// ESLint starts with the first case (about 1 s alone, several on a busy machine): more than vitest's 5 s default.
describe('the direction of imports (npm run lint)', { timeout: 30_000 }, () => {
  it('refuses a core file of the server that imports a feature, however the path is spelt', async () => {
    for (const file of ['server/outbox/example.ts', 'server/forms/example.tsx', 'server/ops/example.ts']) {
      await expectRefused(
        file,
        [
          '../leads/quote-tables.ts',
          './../newsletter/subscriber-tokens.ts',
          '../../server/accounts/api-problem.ts',
          '../leads/quote-tables',
          '../leads/quote-error-page.tsx',
        ],
        'The core of the server imports no feature',
      );
    }
  });

  it('treats a new folder of server/ as core until it is made a feature', async () => {
    await expectRefused('server/reports/example.ts', ['../leads/lead-export.ts'], 'imports no feature');
  });

  it("refuses a core file that imports a feature's own module in common/, app/ or a composition file", async () => {
    const file = 'server/mail/example.ts';
    await expectRefused(
      file,
      [
        '../../common/quote-request.ts',
        '../../common/quote-sample.ts',
        '../../common/newsletter',
        '../../common/inbox-paths.ts',
        '../../common/lead-domain.ts',
        '../../common/subscriber-domain',
        '../../common/inbox-api/endpoints.ts',
        './../../common/inbox-api/lead-schemas',
      ],
      "imports no feature's own definitions",
    );
    await expectRefused(
      file,
      ['../../app/content/footer.ts', '../../app/components/ui/honeypot-field.tsx'],
      'imports nothing from app/',
    );
    await expectRefused(file, ['../stores.ts', '../app.ts', './../stores'], 'the files that compose it');
  });

  it('lets the core use the core and what is truly shared in common/', async () => {
    await expectAllowed('server/forms/example.tsx', [
      '../db/database.ts',
      '../../common/company.ts',
      '../../common/honeypot.ts',
      '../../common/logo.tsx',
      '../../common/site-paths',
    ]);
  });

  it('refuses a feature that imports another feature, however the path is spelt', async () => {
    await expectRefused(
      'server/leads/example.ts',
      [
        '../newsletter/subscriber-tokens.ts',
        '../../server/admin/admin-routes.ts',
        './../newsletter/subscriber-tokens',
      ],
      'never another feature',
    );
    await expectRefused(
      'server/newsletter/example.tsx',
      ['../leads/quote-emails.ts'],
      'never another feature',
    );
    await expectRefused('server/leads/example.ts', ['../app.ts'], 'the files that compose the server');
    await expectRefused('server/leads/example.ts', ['../bin/leads-cli.ts'], 'the entry points');
  });

  it('lets a feature import only the features it needs, so that they form no circle', async () => {
    await expectAllowed('server/dashboard/example.ts', [
      '../leads/lead-groups.ts',
      '../visits/visit-figures.ts',
      '../accounts/staff-names.ts',
    ]);
    await expectAllowed('server/team/example.ts', ['../leads/lead-repository.ts']);
    await expectRefused('server/team/example.ts', ['../dashboard/lead-figures.ts'], 'never another feature');
    await expectRefused('server/leads/example.ts', ['../team/escalations.ts'], 'never another feature');
    await expectRefused(
      'server/accounts/example.ts',
      ['../leads/lead-repository.ts'],
      'never another feature',
    );
  });

  it('lets a feature use the core, common/ and app/, and the inbox use the features it works on', async () => {
    await expectAllowed('server/leads/example.tsx', [
      '../outbox/outbox-rows.ts',
      '../../common/quote-request.ts',
      '../../app/components/forms/form-field.tsx',
    ]);
    await expectAllowed('server/admin/example.ts', [
      '../leads/lead-repository.ts',
      '../newsletter/subscriber-tokens.ts',
    ]);
  });

  it('refuses common/ code (.ts or .tsx) that imports the app, the server or Node', async () => {
    for (const file of ['common/example.ts', 'common/example.tsx']) {
      await expectRefused(
        file,
        [
          '../app/content/footer.ts',
          '../server/config/config.ts',
          './../server/mail/escape-html',
          '../scripts/build-env.ts',
        ],
        'common/ is imported by the browser and the server, and imports neither',
      );
    }
    for (const module of ['node:fs', 'fs', 'node:path']) {
      expect(
        await importProblems('common/example.ts', `import * as m from '${module}';\nexport const a = m;\n`),
      ).toEqual([expect.stringContaining(module.replace('node:', ''))]);
    }
  });

  it('refuses an import() whose path it cannot read, in the server and in common/', async () => {
    for (const file of ['server/outbox/example.ts', 'server/leads/example.ts', 'common/example.ts']) {
      expect(
        await importProblems(file, 'export const load = (name: string) => import(`../${name}/x.ts`);\n'),
      ).toEqual([expect.stringContaining('Import with a literal path')]);
    }
  });

  it('lets tests cross the lines', async () => {
    await expectAllowed('server/outbox/example.test.ts', ['../leads/quote-tables.ts', '../app.ts']);
    await expectAllowed('server/test/example.ts', [
      '../leads/quote-tables.ts',
      '../newsletter/subscriber-tokens.ts',
    ]);
  });
});
