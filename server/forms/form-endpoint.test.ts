import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { formEndpoint } from './form-endpoint.ts';
import type { ProblemTexts } from './form-problem.ts';

const texts: ProblemTexts = {
  invalid: 'Please correct the fields.',
  'too-large': 'Too large.',
  'unsupported-type': 'Not a form.',
  files: 'Some files were refused.',
  malformed: 'Malformed.',
  'cross-site': 'Another site.',
  'rate-limited': 'Too many.',
  unavailable: 'We cannot take your message just now. Please try again shortly.',
  internal: 'Something went wrong on our side.',
};

/** A form scope whose one route is refused the way @fastify/under-pressure refuses an overloaded server. */
async function overloadedForm() {
  const app = Fastify({ logger: false });
  await app.register(async (scope) => {
    await formEndpoint(scope, {
      what: 'test post',
      texts,
      maxFieldLength: 100,
      errorPage: (_request, _problem, summary) => `<p>${summary}</p>`,
      stylesheet: undefined,
    });
    scope.post('/form', async () => {
      throw Object.assign(new Error('Service Unavailable'), { statusCode: 503, code: 'FST_UNDER_PRESSURE' });
    });
  });
  return app;
}

describe('a form post refused while the server is overloaded', () => {
  it('is told the server is busy, with a time to try again, not that something went wrong', async () => {
    const app = await overloadedForm();
    const reply = await app.inject({
      method: 'POST',
      url: '/form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Priya',
    });
    expect(reply.statusCode).toBe(503);
    expect(reply.headers['retry-after']).toBe('10');
    expect(reply.body).toBe(`${texts.unavailable}\n`);
    await app.close();
  });
});
