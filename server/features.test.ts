import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_NEEDS } from '../eslint.config.js';
import { features } from './features.ts';
import { checkFeatures, type FeatureDefinition } from './plugins/feature-definition.ts';

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
