import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '../../common/inbox-api/endpoint.ts';

/**
 * Holds the routes of the API's scope to the contract: registering a route the contract has no
 * entry for throws, and the server does not start while an entry has no route. `catchAll` (the
 * JSON 404 for any other address) is the one route outside the contract.
 */
export function holdRoutesToContract(
  api: FastifyInstance,
  { prefix, endpoints, catchAll }: { prefix: string; endpoints: readonly Endpoint[]; catchAll: string },
) {
  const expected = new Set(endpoints.map((endpoint) => `${endpoint.method} ${prefix}${endpoint.path}`));
  const registered = new Set<string>();
  api.addHook('onRoute', (route) => {
    if (route.url === `${prefix}${catchAll}`) return;
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD route beside each GET by itself.
      if (method === 'HEAD' && expected.has(`GET ${route.url}`)) continue;
      const key = `${method} ${route.url}`;
      if (!expected.has(key)) {
        throw new Error(`${key} has no entry in the inbox API's contract (common/inbox-api/): add one.`);
      }
      registered.add(key);
    }
  });
  api.addHook('onReady', async () => {
    const missing = [...expected].filter((key) => !registered.has(key));
    if (missing.length > 0) {
      throw new Error(`The inbox API's contract has entries without a route: ${missing.join(', ')}.`);
    }
  });
}
