import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { INBOX_API } from '../../common/inbox-paths.ts';
import { endpoint, noContent } from '../../common/inbox-api/endpoint.ts';
import { allEndpoints } from '../../common/inbox-api/endpoints.ts';
import { testApp } from '../test/test-app.ts';
import { holdRoutesToContract } from './contract-routes.ts';

const ping = endpoint({
  method: 'POST',
  path: '/ping',
  access: 'staff',
  reply: noContent,
  replyAs: 'no-content',
});

/** A server whose API scope is held to a contract of `ping` alone, with these routes (loaded on ready). */
function scope(routes: (api: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  void app.register(
    async (api) => {
      holdRoutesToContract(api, { prefix: '/api', endpoints: [ping], catchAll: '/*' });
      routes(api);
    },
    { prefix: '/api' },
  );
  return app;
}

describe('the inbox API and its contract', () => {
  it('has a route for every entry of the contract, with the entry’s method', async () => {
    const { app } = await testApp();
    for (const { method, path } of allEndpoints) {
      expect(app.hasRoute({ method, url: `${INBOX_API}${path}` }), `${method} ${path}`).toBe(true);
    }
  });

  it('refuses to start with a route the contract has no entry for', async () => {
    const app = scope((api) => {
      api.post('/ping', async () => null);
      api.get('/pong', async () => null);
    });
    await expect(app.ready()).rejects.toThrow("GET /api/pong has no entry in the inbox API's contract");
  });

  it('refuses to start with an entry of the contract that has no route', async () => {
    const app = scope((api) => {
      api.get('/*', async () => null);
    });
    await expect(app.ready()).rejects.toThrow('entries without a route: POST /api/ping');
  });

  it('starts when the routes are exactly the contract’s (and the catch-all)', async () => {
    const app = scope((api) => {
      api.post('/ping', async () => null);
      api.get('/*', async () => null);
    });
    await expect(app.ready()).resolves.toBeDefined();
  });
});
