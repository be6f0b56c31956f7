import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { FEATURE_NEEDS } from '../eslint.config.js';
import { commands } from './bin/store-command.ts';
import type { ProcessCommand } from './cli/command.ts';
import { definitions, features, readinessChecks, type ReadinessReport } from './features.ts';
import type { Readiness } from './ops/health-routes.ts';
import {
  checkFeatures,
  commandsOf,
  composeReadiness,
  leadHooksOf,
  readinessChecksOf,
  type FeatureDefinition,
} from './plugins/feature-definition.ts';
import { testConfig } from './test/test-app.ts';

const definition = (name: string, needs: string[] = []): FeatureDefinition => ({
  name,
  needs,
  migrations: [],
});

describe('the features', () => {
  it('are the folders npm run lint knows as features, each needing what lint lets it import', () => {
    expect(Object.fromEntries(features.map((feature) => [feature.name, [...feature.needs].sort()]))).toEqual(
      Object.fromEntries(Object.entries(FEATURE_NEEDS).map(([name, needs]) => [name, [...needs].sort()])),
    );
  });

  it('each declare every migration of their folder, so that adding a feature is one line in the list', async () => {
    for (const feature of features) {
      const folder = join('server', feature.name);
      const declared = new Set(
        feature.migrations.flatMap((part) => [...Object.keys(part.sqlite), ...Object.keys(part.postgres)]),
      );
      for (const file of readdirSync(folder).filter((name) => /-migrations\.ts$/.test(name))) {
        const module = (await import(`./${feature.name}/${file}`)) as Record<string, unknown>;
        for (const [name, value] of Object.entries(module)) {
          if (typeof value !== 'object' || value === null) continue;
          const looksLikeMigrations = Object.values(value).some(
            (step) => typeof step === 'object' && step !== null && 'up' in step,
          );
          if (!looksLikeMigrations) continue;
          const missing = Object.keys(value).filter((step) => !declared.has(step));
          expect(missing, `${folder}/${file}: ${name}`).toEqual([]);
        }
      }
    }
  });

  it('are refused at start when one comes before a feature it needs, or is listed twice', () => {
    expect(() => checkFeatures([definition('leads', ['accounts']), definition('accounts')])).toThrow(
      'The feature leads needs accounts, listed before it',
    );
    expect(() => checkFeatures([definition('accounts'), definition('accounts')])).toThrow(
      'The feature accounts is listed twice',
    );
    expect(() => checkFeatures([definition('accounts'), definition('leads', ['accounts'])])).not.toThrow();
  });
});

/** What /readyz's checks are built with, without a database or a mailer: each part says what it got. */
const readinessBag = () => ({
  config: testConfig(),
  storage: { canWrite: async () => true, kind: 'sqlite' },
  outbox: { health: async () => ({ pending: 0, oldestPendingSeconds: null, dead: 0 }) },
  mailer: { kind: 'smtp' },
  redis: undefined,
  now: () => new Date('2026-11-29T10:00:00Z'),
  mailboxWatcher: () => undefined,
});

/** A feature that is not in the list: content editing, with a command, a part of /readyz and lead hooks. */
const contentCommand: ProcessCommand = {
  name: 'content',
  opens: 'itself',
  failure: 'content',
  run: async () => 0,
};
const contentHooks = () => ({});
const contentFeature: FeatureDefinition = {
  name: 'content',
  needs: ['accounts'],
  migrations: [],
  commands: [contentCommand],
  readiness: [() => async () => ({ content: 'ok' })],
  leadHooks: [contentHooks],
};

describe('the command line and /readyz', () => {
  it('run only the commands the definitions declare: each npm script of server/bin/ runs the one of its name', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    const entryPoints = Object.entries(scripts).flatMap(([script, line]) => {
      const [, file] = /^tsx (server\/bin\/[a-z-]+-cli\.ts)$/.exec(line) ?? [];
      return file ? [{ script, file }] : [];
    });
    expect(entryPoints.length).toBe(
      readdirSync('server/bin').filter((name) => name.endsWith('-cli.ts')).length,
    );
    for (const { script, file } of entryPoints) {
      const source = readFileSync(file, 'utf8');
      // The entry point composes nothing by hand: it names its command, found among the definitions'.
      expect(source.match(/^import .*$/gm), file).toEqual([
        "import { runFromCommandLine } from './command-line.ts';",
      ]);
      expect(source, file).toContain(`await runFromCommandLine('${script}');`);
    }
    expect(entryPoints.map(({ script }) => script).sort()).toEqual(commands.map(({ name }) => name).sort());
    expect(commands).toEqual(commandsOf(definitions));
    expect(new Set(commands.map(({ name }) => name)).size).toBe(commands.length);
  });

  it("report on /readyz what the definitions' checks say, in the list's order, and nothing else", async () => {
    expectTypeOf<ReadinessReport>().not.toBeNever();
    expectTypeOf<ReadinessReport>().toExtend<Readiness>();
    const report = await composeReadiness<ReadinessReport>(readinessChecks, readinessBag())();
    expect(report).toEqual({
      database: 'ok',
      databaseKind: 'sqlite',
      outbox: { pending: 0, oldestPendingSeconds: null, dead: 0 },
      mail: 'smtp',
      lastBackupAt: null,
      scanner: 'none',
      mailbox: 'none',
    });
    expect(Object.keys(report)).toEqual([
      'database',
      'databaseKind',
      'outbox',
      'mail',
      'lastBackupAt',
      'scanner',
      'mailbox',
    ]);
  });

  it("tell a lead's changes to the features that declare lead hooks, in the list's order", () => {
    expect(features.filter((feature) => 'leadHooks' in feature).map(({ name }) => name)).toEqual([
      'integrations',
      'team',
    ]);
  });

  it('take a feature added to the list with its commands, its part of /readyz and its lead hooks', async () => {
    const withContent = [...definitions, contentFeature];
    expect(commandsOf(withContent)).toEqual([...commandsOf(definitions), contentCommand]);
    const report = await composeReadiness<object>(readinessChecksOf(withContent), readinessBag())();
    expect(Object.keys(report).at(-1)).toBe('content');
    expect(report).toMatchObject({ database: 'ok', content: 'ok' });
    expect(leadHooksOf([...features, contentFeature])).toEqual([...leadHooksOf(features), contentHooks]);
  });
});
