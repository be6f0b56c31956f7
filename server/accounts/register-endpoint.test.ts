import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../common/inbox-api/endpoint.ts';
import { answerProblemsAsJson } from './api-problem.ts';
import { registerEndpoint } from './register-endpoint.ts';

/** An endpoint whose contract names the email only. */
const account = endpoint({
  method: 'GET',
  path: '/account',
  access: 'public',
  reply: z.object({ email: z.string() }),
});

async function serve(handler: () => Promise<unknown>) {
  const app = Fastify();
  answerProblemsAsJson(app);
  registerEndpoint(app, account, handler as never);
  await app.ready();
  return app;
}

describe('a reply of the inbox API', () => {
  it('carries only what its contract names, whatever else the handler held', async () => {
    const app = await serve(async () => ({ email: 'meera@acme.example', tokenHash: 'c2VjcmV0' }));
    const response = await app.inject({ method: 'GET', url: '/account' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: 'meera@acme.example' });
    expect(response.body).not.toContain('tokenHash');
  });

  it("that breaks its contract is the server's fault (500), never sent", async () => {
    const app = await serve(async () => ({ email: 42, tokenHash: 'c2VjcmV0' }));
    const response = await app.inject({ method: 'GET', url: '/account' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: 'internal' });
    expect(response.body).not.toContain('c2VjcmV0');
  });
});
