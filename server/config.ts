import { resolve } from 'node:path';
import { z } from 'zod';
import { company } from '../common/company.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const originText = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://www.example.com' })
  .transform((value) => new URL(value).origin);

/** `TRUST_PROXY`: false, true, a hop count, or a comma-separated list of addresses/CIDRs. */
const trustProxyText = z.string().transform((value, context): boolean | number | string[] => {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const list = text.split(',').map((part) => part.trim());
  if (list.some((part) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(part))) {
    context.addIssue({
      code: 'custom',
      message: 'must be false, true, a hop count, or a comma-separated list of IP addresses or CIDR ranges',
    });
    return z.NEVER;
  }
  return list;
});

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0)
  .max(65535, 'must be between 0 and 65535');

/** Every environment variable the server reads, with its default. .env.example lists them. */
const envSchema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  SITE_DIR: z.string().min(1).default('build/client'),
  SITE_URL: originText.default(company.siteUrl),
  TRUST_PROXY: trustProxyText.default(false),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  host: string;
  port: number;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Absolute path of the built site (the prerendered pages and assets). */
  siteDir: string;
  /** The site's public origin, e.g. https://www.example.com. */
  siteUrl: string;
  trustProxy: boolean | number | string[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and checks the configuration. A bad value throws a ConfigError whose
 * message names every variable that is wrong.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const raw = env[name];
      return `  ${name} ${issue.message}${raw === undefined ? '' : ` (got "${raw}")`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = result.data;
  return {
    host: value.HOST,
    port: value.PORT,
    logLevel: value.LOG_LEVEL,
    siteDir: resolve(value.SITE_DIR),
    siteUrl: value.SITE_URL,
    trustProxy: value.TRUST_PROXY,
  };
}
