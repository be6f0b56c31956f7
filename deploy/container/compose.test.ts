/**
 * compose.yaml against the Compose Specification's own JSON schema (vendored from
 * github.com/compose-spec/compose-spec, schema/compose-spec.json: decision 063), and against what
 * docs/configuration.md ("Containers") and .env.example say of its services, volumes and variables.
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_VARIABLES } from '../../server/config/config-env.ts';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

interface Service {
  profiles?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  image?: string;
}
interface Compose {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
}

const composeText = read('compose.yaml');
const compose = parse(composeText, { merge: true }) as Compose;
const schema = JSON.parse(read('deploy/container/compose-spec.json')) as object;
// The spec's schema is draft-07, Ajv's own, but names it by an address Ajv does not know (https, no
// "#"), and uses a keyword of later drafts (deprecated) that strict mode refuses to ignore.
const validate = new Ajv({ strict: false, allErrors: true, validateSchema: false }).compile(schema);

/** The names a Markdown section lists as "- `NAME`" lines, under its "### heading". */
function listed(markdown: string, heading: string): string[] {
  const section = markdown.split(`### ${heading}\n`)[1]?.split(/\n#{2,3} /)[0] ?? '';
  return [...section.matchAll(/^- `([^`]+)`/gm)].map((match) => match[1] ?? '');
}

const configuration = read('docs/configuration.md');
const siteServices = Object.entries(compose.services).filter(([, service]) =>
  service.image?.includes('acme-site'),
);

describe('compose.yaml', () => {
  it('is a valid Compose file by the specification schema', () => {
    expect(validate(compose), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('is refused by that schema when a service is misspelt (the check can fail)', () => {
    const broken = parse(composeText.replace('    restart: unless-stopped\n', '    restarts: always\n'), {
      merge: true,
    }) as object;
    expect(validate(broken)).toBe(false);
  });

  it('runs the site alone by default, on SQLite, and the rest under the profile "several"', () => {
    const byDefault = Object.keys(compose.services).filter((name) => !compose.services[name]?.profiles);
    expect(byDefault).toEqual(['site']);
    const several = Object.keys(compose.services).filter((name) =>
      compose.services[name]?.profiles?.includes('several'),
    );
    expect(several.sort()).toEqual(['caddy', 'clamd', 'postgres', 'redis', 'site-2']);
  });

  it('has the services and volumes docs/configuration.md names, and no others', () => {
    expect(Object.keys(compose.services).sort()).toEqual(listed(configuration, 'Services').sort());
    expect(Object.keys(compose.volumes).sort()).toEqual(listed(configuration, 'Volumes').sort());
    const used = Object.values(compose.services).flatMap((service) =>
      (service.volumes ?? [])
        .map((volume) => volume.split(':')[0] ?? '')
        .filter((name) => !name.startsWith('.')),
    );
    expect([...new Set(used)].sort()).toEqual(Object.keys(compose.volumes).sort());
  });

  it("keeps the data of each instance on a named volume at the image's VOLUME", () => {
    const volume = /^VOLUME (\S+)$/m.exec(read('Containerfile'))?.[1];
    expect(volume).toBe('/data');
    for (const [, service] of siteServices) {
      expect(service.volumes?.some((mount) => mount.endsWith(`:${volume}`))).toBe(true);
    }
  });

  it('gives the site only variables of docs/configuration.md, the same to every instance', () => {
    const documented = new Set(ENV_VARIABLES);
    expect(siteServices.map(([name]) => name)).toEqual(['site', 'site-2']);
    for (const [, service] of siteServices) {
      const names = Object.keys(service.environment ?? {});
      expect(names.filter((name) => !documented.has(name))).toEqual([]);
      expect(names).toEqual(Object.keys(siteServices[0]?.[1].environment ?? {}));
    }
  });

  it("reads from .env only variables that .env.example names, and compose's own that docs list", () => {
    const interpolated = new Set(
      [...composeText.matchAll(/\$\{([A-Z0-9_]+)/g)].map((match) => match[1] ?? ''),
    );
    const ownNames = listed(configuration, 'Variables only compose.yaml reads');
    const example = read('.env.example');
    const documented = new Set(ENV_VARIABLES);
    for (const name of interpolated) {
      if (documented.has(name)) continue;
      expect(ownNames, `${name} is read by compose.yaml`).toContain(name);
      expect(example, `${name} in .env.example`).toMatch(new RegExp(`^# ${name}=`, 'm'));
    }
    expect(ownNames.filter((name) => !interpolated.has(name))).toEqual([]);
  });
});
