/**
 * A fault of docs/load-and-faults.md: the rate limits live in Redis (REDIS_URL), shared by
 * every instance of the server. Redis is stopped: quotes are still accepted
 * (and newsletter sign-ups), a warning is logged, and sign-in answers 503.
 * Redis is back: the limits work again, without a restart.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiProblem } from '../accounts/api-problem.ts';
import { signInAttempts } from '../accounts/sign-in-attempts.ts';
import { createRedisAttemptBudget } from '../security/redis-attempt-budget.ts';
import { openRedis } from '../security/redis-client.ts';
import { api, signInWith } from '../test/admin-client.ts';
import { injectQuote } from '../test/form-request.ts';
import { signUp } from '../test/newsletter-client.ts';
import { hasRedisServer, startRedisServer } from '../test/redis-server.ts';
import { testApp } from '../test/test-app.ts';
import { virtualPasskey } from '../test/virtual-passkey.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from '../leads/quote-tables.ts';

const limits = {
  RATE_LIMIT_MAX: '3',
  NEWSLETTER_RATE_LIMIT_MAX: '2',
  ADMIN_SIGN_IN_RATE_LIMIT_MAX: '2',
};

/** Two instances of the server on one Redis, each with its own log. */
async function twoInstances(redisUrl: string) {
  const instance = async () => {
    const lines: string[] = [];
    const { app, config } = await testApp({
      logger: true,
      logStream: { write: (line) => void lines.push(line) },
      env: { ...limits, REDIS_URL: redisUrl },
    });
    const warnings = () =>
      lines
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.level === 40);
    return { app, config, warnings };
  };
  return [await instance(), await instance()] as const;
}

async function redisKeys(url: string) {
  const redis = await openRedis(url, { warn: () => undefined, info: () => undefined } as never);
  try {
    return await redis.keys('*');
  } finally {
    redis.disconnect();
  }
}

type Instance = Awaited<ReturnType<typeof twoInstances>>[number];

const stranger = (siteUrl: string) => {
  const passkey = virtualPasskey(siteUrl);
  passkey.register({ rp: { id: 'www.acme.test' }, user: { id: 'eA' }, challenge: 'eA' });
  return passkey;
};

async function readyz(instance: Instance) {
  const response = await instance.app.inject({ method: 'GET', url: '/readyz' });
  return { status: response.statusCode, body: response.json<{ status: string; redis?: string }>() };
}

describe.skipIf(!hasRedisServer)('rate limits in Redis (REDIS_URL)', () => {
  it('are shared by two instances: a client over its budget on one is refused on the other', async () => {
    const redis = await startRedisServer();
    const [a, b] = await twoInstances(redis.url);

    expect((await injectQuote(a.app)).body).toBe('success');
    expect((await injectQuote(b.app)).body).toBe('success');
    expect((await injectQuote(a.app)).body).toBe('success');
    const refused = await injectQuote(b.app);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect((await injectQuote(a.app)).statusCode).toBe(429);

    // The newsletter has its own budget, not the quote form's.
    expect((await signUp(a.app, 'one@example.in')).statusCode).toBe(200);
    expect((await signUp(b.app, 'two@example.in')).statusCode).toBe(200);
    expect((await signUp(a.app, 'three@example.in')).statusCode).toBe(429);

    // Failed sign-ins too: two on A use up the budget, B refuses the third.
    expect((await signInWith(a.app, a.config, stranger(a.config.siteUrl))).statusCode).toBe(401);
    expect((await signInWith(a.app, a.config, stranger(a.config.siteUrl))).statusCode).toBe(401);
    const limited = await signInWith(b.app, b.config, stranger(b.config.siteUrl));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate-limited' });

    expect(await readyz(a)).toEqual({ status: 200, body: expect.objectContaining({ redis: 'ok' }) });
    // Each budget has its own counter, named by a hash of the client: no IP address is written to Redis.
    const keys = await redisKeys(redis.url);
    expect(keys.map((key) => key.replace(/[0-9a-f]{32}$/, '<client>')).sort()).toEqual([
      'attempts:newsletter-refused:<client>',
      'attempts:newsletter:<client>',
      'attempts:quote-refused:<client>',
      'attempts:quote:<client>',
      'attempts:sign-in-failures:<client>',
      'rate-limit:sign-in:<client>',
    ]);
  });

  it("share the refused posts' budget too (four times RATE_LIMIT_MAX), apart from the quotes taken", async () => {
    const redis = await startRedisServer();
    const [a, b] = await twoInstances(redis.url);
    expect((await injectQuote(a.app)).body).toBe('success');
    for (let count = 0; count < 12; count++) {
      const wrong = await injectQuote(count % 2 === 0 ? a.app : b.app, { email: 'not an address' });
      expect(wrong.statusCode).toBe(400);
    }
    expect((await injectQuote(a.app, { email: 'not an address' })).statusCode).toBe(429);
    // Over the refused posts' budget, a post waits whatever it holds: its body is not read to know.
    expect((await injectQuote(b.app)).statusCode).toBe(429);
  });

  it('Redis is stopped: quotes and sign-ups are still taken with a warning, sign-in gets 503; back, the limits work again', async () => {
    const redis = await startRedisServer();
    const [a, b] = await twoInstances(redis.url);
    for (let count = 0; count < 3; count++) expect((await injectQuote(a.app)).body).toBe('success');
    expect((await injectQuote(b.app)).statusCode).toBe(429);

    const before = (await api(b.app, b.config, 'POST', '/sign-in/options', { body: {} })).json<{
      flow: string;
      options: Record<string, unknown>;
    }>();

    await redis.kill();
    const started = Date.now();
    for (let count = 0; count < 5; count++) {
      expect((await injectQuote(a.app, { email: `lead-${count}@example.in` })).body).toBe('success');
      expect((await injectQuote(b.app, { email: `lead-${count}@example.in` })).body).toBe('success');
    }
    for (const email of ['one@example.in', 'two@example.in', 'three@example.in']) {
      expect((await signUp(b.app, email)).statusCode).toBe(200);
    }
    // Not one of these requests waited for Redis.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(a.warnings().map((line) => line.msg)).toContain(
      'quote request taken without its rate limit: Redis unavailable',
    );
    expect(b.warnings().map((line) => line.msg)).toContain(
      'newsletter sign-up taken without its rate limit: Redis unavailable',
    );
    expect(
      await tablesOf<LeadTables>(a.app.storage.db).selectFrom('quote_requests').select('id').execute(),
    ).toHaveLength(8);

    const options = await api(a.app, a.config, 'POST', '/sign-in/options', { body: {} });
    expect(options.statusCode).toBe(503);
    expect(options.json()).toEqual({
      error: 'unavailable',
      message: expect.stringContaining('Signing in is not possible just now'),
    });
    // A sign-in whose options were fetched before Redis stopped is refused too.
    const signIn = await api(b.app, b.config, 'POST', '/sign-in', {
      body: { flow: before.flow, response: stranger(b.config.siteUrl).authenticate(before.options) },
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json()).toMatchObject({ error: 'unavailable' });
    // Ready all the same: quotes are taken.
    expect(await readyz(a)).toEqual({
      status: 200,
      body: expect.objectContaining({ status: 'ready', redis: 'unavailable' }),
    });

    await redis.start();
    await vi.waitFor(async () => expect((await readyz(b)).body.redis).toBe('ok'), { timeout: 10_000 });
    await vi.waitFor(async () => expect((await readyz(a)).body.redis).toBe('ok'), { timeout: 10_000 });
    for (let count = 0; count < 3; count++) expect((await injectQuote(b.app)).body).toBe('success');
    expect((await injectQuote(a.app)).statusCode).toBe(429);
    expect((await api(b.app, b.config, 'POST', '/sign-in/options', { body: {} })).statusCode).toBe(200);
  });

  it('a sign-in attempt that cannot take its unit from Redis is refused with 503 and a warning', async () => {
    const server = await startRedisServer();
    await server.kill();
    const redis = await openRedis(server.url, { warn: () => undefined, info: () => undefined } as never);
    try {
      const attempt = signInAttempts({ max: 5, windowMs: 60_000, now: () => new Date(), redis });
      const warnings: string[] = [];
      const request = { ip: '203.0.113.9', log: { warn: (_: unknown, msg: string) => warnings.push(msg) } };
      let ran = false;
      const refused = await attempt(request as never, {} as never, async () => {
        ran = true;
      }).catch((error: unknown) => error);
      expect(ran).toBe(false);
      expect(refused).toBeInstanceOf(ApiProblem);
      expect(refused).toMatchObject({ statusCode: 503, code: 'unavailable' });
      expect(warnings).toEqual(['sign-in refused: Redis unavailable, its limits cannot be checked']);
    } finally {
      redis.disconnect();
    }
  });

  it('the failed sign-in budget lets exactly its size of a parallel burst through, and giving back never outlives the window', async () => {
    const server = await startRedisServer();
    const redis = await openRedis(server.url, { warn: () => undefined, info: () => undefined } as never);
    try {
      const budget = createRedisAttemptBudget({ max: 10, windowMs: 60_000, redis, name: 'test' });
      const takes = await Promise.all(Array.from({ length: 40 }, () => budget.take('client')));
      expect(takes.filter((take) => take.allowed)).toHaveLength(10);
      expect(takes.find((take) => !take.allowed)).toEqual({ allowed: false, retryAfterSeconds: 60 });
      await budget.giveBack('client');
      expect((await budget.take('client')).allowed).toBe(true);
      expect((await budget.take('client')).allowed).toBe(false);
      // Giving back to a client without a window leaves nothing behind (no counter without expiry).
      await budget.giveBack('nobody');
      expect(await redis.keys('attempts:test:*')).toHaveLength(1);
    } finally {
      redis.disconnect();
    }
  });
});
