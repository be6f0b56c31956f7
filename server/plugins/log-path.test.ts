import { describe, expect, it } from 'vitest';
import { testApp, testConfig } from '../test/test-app.ts';
import { logPath } from './log-path.ts';

describe('a request target in the access log', () => {
  it('is its path only, however the query is spelt', () => {
    for (const [url, logged] of [
      ['/services', '/services'],
      ['/services?email=ana@example.com', '/services?[redacted]'],
      ['/services/cloud?utm_source=mail', '/services/cloud?[redacted]'],
      ['/newsletter/unsubscribe?token=abc', '/newsletter/unsubscribe?[redacted]'],
      ['/newsletter/unsubscribe%3Ftoken=abc', '/newsletter/unsubscribe?[redacted]'],
      ['/a;jsessionid=abc', '/a?[redacted]'],
      ['http://host/about?token=abc', 'http://host/about?[redacted]'],
      ['*', '*'],
    ] as const) {
      expect(logPath(url), url).toBe(logged);
    }
  });

  it('keeps no query of a page, a 404 or the API', async () => {
    const lines: string[] = [];
    const { app } = await testApp({
      config: testConfig(),
      logger: true,
      logStream: { write: (line) => void lines.push(line) },
    });
    const secret = 'ana%40example.com';
    for (const url of ['/services', '/no-such-page', '/api/no-such-endpoint', '/admin/api/leads']) {
      await app.inject({ method: 'GET', url: `${url}?email=${secret}&q=Ana` });
    }
    await app.inject({ method: 'POST', url: `/api/quote?email=${secret}`, payload: {} });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('"url":"/services?[redacted]"');
    expect(log).toContain('"url":"/no-such-page?[redacted]"');
    expect(log).toContain('"url":"/api/quote?[redacted]"');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('Ana');
  });
});
