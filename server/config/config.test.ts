import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, loadConfig } from './config.ts';

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('without SITE_URL outside production, the site is this server on localhost, so its links work', () => {
    expect(loadConfig({})).toMatchObject({ siteUrl: 'http://localhost:3000', siteUrlIsSet: false });
    expect(loadConfig({ SITE_URL: '', PORT: '8080' })).toMatchObject({
      siteUrl: 'http://localhost:8080',
      siteUrlIsSet: false,
    });
    expect(loadConfig({ SITE_URL: 'https://www.acme.in/about?x=1' })).toMatchObject({
      siteUrl: 'https://www.acme.in',
      siteUrlIsSet: true,
    });
  });

  it('refuses to start in production without SITE_URL, naming it', () => {
    expect(errorOf({ NODE_ENV: 'production' })).toContain('SITE_URL must be set when NODE_ENV=production');
    expect(errorOf({ NODE_ENV: 'production', SITE_URL: '' })).toContain('SITE_URL must be set');
    expect(loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://www.acme.in' }).siteUrl).toBe(
      'https://www.acme.in',
    );
  });

  it('listens on this machine only outside production, and on every interface in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test', HOST: '' }).host).toBe('127.0.0.1');
    const production = { NODE_ENV: 'production', SITE_URL: 'https://www.acme.in' };
    expect(loadConfig(production).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('has a default for every variable, so a fresh clone starts with no configuration', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      siteUrl: 'http://localhost:3000',
      trustProxy: false,
      readyzToken: undefined,
      database: { path: resolve('data/site.db'), busyTimeoutMs: 5000 },
      rateLimit: { max: 5, windowMs: 600_000 },
      newsletter: { rateLimit: { max: 5, windowMs: 600_000 }, confirmationsPerDay: 3 },
      mail: {
        smtpUrl: undefined,
        from: { address: 'hello@example.com' },
        to: ['hello@example.com'],
        dir: resolve('data/mail'),
        acknowledge: false,
        timeouts: { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 },
      },
      outbox: { pollMs: 5000, retryBaseMs: 30_000, retryMaxMs: 3_600_000, maxAttempts: 15 },
    });
  });

  it('reads the mail settings', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:secret@smtp.example.net:465',
      MAIL_FROM: 'Acme Tech Quotes <quotes@acme.in>',
      MAIL_TO: 'sales@acme.in, owner@acme.in',
      ACK_EMAIL: 'true',
      MAIL_DIR: '/var/lib/site/mail',
    });
    expect(config.mail).toMatchObject({
      smtpUrl: 'smtps://user:secret@smtp.example.net:465',
      from: { name: 'Acme Tech Quotes', address: 'quotes@acme.in' },
      to: ['sales@acme.in', 'owner@acme.in'],
      acknowledge: true,
      dir: '/var/lib/site/mail',
    });
    expect(loadConfig({ MAIL_FROM: '"Acme" <a@acme.in>' }).mail.from).toEqual({
      name: 'Acme',
      address: 'a@acme.in',
    });
    expect(loadConfig({ ACK_EMAIL: 'no' }).mail.acknowledge).toBe(false);
  });

  it('reads the rate limit, database and outbox settings', () => {
    const config = loadConfig({
      RATE_LIMIT_MAX: '20',
      RATE_LIMIT_WINDOW_MS: '60000',
      DATABASE_PATH: '/srv/leads.db',
      OUTBOX_MAX_ATTEMPTS: '3',
    });
    expect(config.rateLimit).toEqual({ max: 20, windowMs: 60_000 });
    expect(config.database.path).toBe('/srv/leads.db');
    expect(config.outbox.maxAttempts).toBe(3);
  });

  it('reads the newsletter settings', () => {
    const config = loadConfig({
      NEWSLETTER_RATE_LIMIT_MAX: '3',
      NEWSLETTER_RATE_LIMIT_WINDOW_MS: '3600000',
      NEWSLETTER_CONFIRMATIONS_PER_DAY: '2',
      CAMPAIGN_RATE_PER_MINUTE: '0',
    });
    expect(config.newsletter).toEqual({
      rateLimit: { max: 3, windowMs: 3_600_000 },
      confirmationsPerDay: 2,
      campaignRatePerMinute: 0,
    });
    expect(loadConfig({}).newsletter.campaignRatePerMinute).toBe(60);
  });

  it('reads how long a client may take to send its request', () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      idleTimeoutMs: 30_000,
    });
    const config = loadConfig({
      HTTP_HEADERS_TIMEOUT_MS: '2000',
      HTTP_REQUEST_TIMEOUT_MS: '5000',
      HTTP_IDLE_TIMEOUT_MS: '8000',
    });
    expect(config.http).toEqual({ headersTimeoutMs: 2000, requestTimeoutMs: 5000, idleTimeoutMs: 8000 });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a number (got "eighty")'],
    [{ RATE_LIMIT_MAX: '0' }, 'RATE_LIMIT_MAX must be at least 1'],
    [{ RATE_LIMIT_WINDOW_MS: '10m' }, 'RATE_LIMIT_WINDOW_MS must be a number'],
    [{ DATABASE_BUSY_TIMEOUT_MS: '-1' }, 'DATABASE_BUSY_TIMEOUT_MS must be at least 0'],
    [{ NEWSLETTER_RATE_LIMIT_MAX: '0' }, 'NEWSLETTER_RATE_LIMIT_MAX must be at least 1'],
    [{ NEWSLETTER_RATE_LIMIT_WINDOW_MS: '500' }, 'NEWSLETTER_RATE_LIMIT_WINDOW_MS must be at least 1000'],
    [{ NEWSLETTER_CONFIRMATIONS_PER_DAY: '0' }, 'NEWSLETTER_CONFIRMATIONS_PER_DAY must be at least 1'],
    [{ NEWSLETTER_CONFIRMATIONS_PER_DAY: '50' }, 'NEWSLETTER_CONFIRMATIONS_PER_DAY must be at most 10'],
    [{ MAIL_FROM: 'not an address' }, 'MAIL_FROM must be an email address'],
    [{ MAIL_FROM: 'Evil\r\nBcc: x@y.z <a@b.in>' }, 'MAIL_FROM must be an email address'],
    [{ MAIL_TO: 'sales@acme.in, nope' }, 'MAIL_TO must be one email address, or several'],
    [{ ACK_EMAIL: 'maybe' }, 'ACK_EMAIL must be true or false (got "maybe")'],
    [{ SMTP_URL: 'http://smtp.example.net' }, 'SMTP_URL must be a URL such as smtps://'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    [{ SMTP_SOCKET_TIMEOUT_MS: '5' }, 'SMTP_SOCKET_TIMEOUT_MS must be at least 100'],
    [{ OUTBOX_MAX_ATTEMPTS: '1.5' }, 'OUTBOX_MAX_ATTEMPTS must be a whole number'],
    [
      { OUTBOX_RETRY_BASE_MS: '5000', OUTBOX_RETRY_MAX_MS: '1000' },
      'OUTBOX_RETRY_MAX_MS must be at least OUTBOX_RETRY_BASE_MS',
    ],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY must be false, true, a hop count'],
    [{ IMAP_AUTHSERV_ID: 'mx.acme.test; dmarc=pass' }, 'IMAP_AUTHSERV_ID must be the name your mail server'],
    [{ HTTP_REQUEST_TIMEOUT_MS: '50' }, 'HTTP_REQUEST_TIMEOUT_MS must be at least 100'],
    [
      { HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '10000' },
      'HTTP_HEADERS_TIMEOUT_MS must be at most HTTP_REQUEST_TIMEOUT_MS',
    ],
    [
      { HTTP_IDLE_TIMEOUT_MS: '5000' },
      'HTTP_IDLE_TIMEOUT_MS must be more than DATABASE_BUSY_TIMEOUT_MS (5000)',
    ],
  ])('names the variable that is wrong: %o', (env, message) => {
    expect(errorOf(env)).toContain(message);
  });

  it('.env.example lists every variable, each with its default', () => {
    const example: Record<string, string> = {};
    for (const line of readFileSync('.env.example', 'utf8').split('\n')) {
      const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
      if (match?.[1]) example[match[1]] = (match[2] ?? '').replace(/^"(.*)"$/, '$1');
    }
    expect(Object.keys(example).sort()).toEqual([...ENV_VARIABLES].sort());
    const { mail: exampleMail, ...fromExample } = loadConfig(example);
    const { mail: defaultMail, ...defaults } = loadConfig({});
    expect(fromExample).toEqual(defaults);
    // The example names the company in From; the default is the bare address.
    expect({ ...exampleMail, from: defaultMail.from }).toEqual(defaultMail);
  });

  it('docs/configuration.md lists every variable, once', () => {
    const table = readFileSync('docs/configuration.md', 'utf8');
    const names = [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((match) => match[1]);
    expect([...names].sort()).toEqual([...ENV_VARIABLES].sort());
  });

  it('reads IMAP_AUTHSERV_ID, and trusts no Authentication-Results without it', () => {
    expect(loadConfig({ IMAP_AUTHSERV_ID: ' mx.acme.test ' }).mail.authservId).toBe('mx.acme.test');
    expect(loadConfig({}).mail.authservId).toBeUndefined();
  });

  it('reads READYZ_TOKEN, refusing a short one without printing it', () => {
    expect(loadConfig({ READYZ_TOKEN: 'k3y-of-at-least-16-chars' }).readyzToken).toBe(
      'k3y-of-at-least-16-chars',
    );
    const message = errorOf({ READYZ_TOKEN: 'short-s3cret' });
    expect(message).toContain('READYZ_TOKEN must be at least 16 characters long');
    expect(message).not.toContain('short-s3cret');
  });

  it('never prints the SMTP password when SMTP_URL is wrong', () => {
    const message = errorOf({ SMTP_URL: 'ftp://user:hunter2@mail.example.net' });
    expect(message).toContain('SMTP_URL');
    expect(message).not.toContain('hunter2');
  });

  it('never prints the Redis password when REDIS_URL is wrong, and reads a right one', () => {
    const message = errorOf({ REDIS_URL: 'http://:hunter2@redis.internal:6379' });
    expect(message).toContain('REDIS_URL must be a redis:// or rediss:// URL');
    expect(message).not.toContain('hunter2');
    expect(loadConfig({ REDIS_URL: 'redis://:pw@10.0.0.5:6379/2' }).redisUrl).toBe(
      'redis://:pw@10.0.0.5:6379/2',
    );
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
  });

  it('names every wrong variable at once', () => {
    const message = errorOf({ PORT: 'x', RATE_LIMIT_MAX: 'y' });
    expect(message).toContain('PORT');
    expect(message).toContain('RATE_LIMIT_MAX');
  });

  it('refuses TRUST_PROXY=true in production, naming the variable, and warns about it elsewhere', () => {
    expect(errorOf({ TRUST_PROXY: 'true', NODE_ENV: 'production', SITE_URL: 'https://www.acme.in' })).toMatch(
      /TRUST_PROXY=true believes any X-Forwarded-For/,
    );
    const development = loadConfig({ TRUST_PROXY: 'true' });
    expect(development.trustProxy).toBe(true);
    expect(development.warnings).toEqual([expect.stringContaining('TRUST_PROXY=true')]);
    expect(
      loadConfig({
        TRUST_PROXY: '1',
        NODE_ENV: 'production',
        SITE_URL: 'https://www.acme.in',
        SMTP_URL: 'smtp://mail.example.com:587',
      }).warnings,
    ).toEqual([]);
  });

  it('warns in production when emails would only be written to files', () => {
    expect(loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://www.acme.in' }).warnings).toEqual([
      expect.stringContaining('SMTP_URL is not set'),
    ]);
    expect(errorOf({ NODE_ENV: 'staging' })).toContain('NODE_ENV must be production, development or test');
  });

  it('keeps integrations to public addresses unless WEBHOOK_ALLOW_PRIVATE=true, which is warned about at start', () => {
    expect(loadConfig({}).integrations.allowPrivate).toBe(false);
    const allowed = loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    expect(allowed.integrations.allowPrivate).toBe(true);
    expect(allowed.warnings).toEqual([expect.stringContaining('WEBHOOK_ALLOW_PRIVATE=true')]);
  });
});
