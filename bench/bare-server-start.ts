import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { startServer, stopServer, type RunningServer } from '../server/test/server-process.ts';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One GET, with nothing decoded, for the exact headers and bytes. */
function rawGet(url: string, acceptEncoding: string | undefined): Promise<RawResponse> {
  return new Promise((resolveResponse, reject) => {
    const request = httpRequest(url, {
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolveResponse({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** Headers that belong to the connection or the moment, not to the page. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
const pageHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name)));

/**
 * Starts the bare server (bench/bare-page-server.ts) with the real server's
 * headers for GET /, and checks it answers the same bytes and headers.
 */
export async function startBareServer(realUrl: string, dir: string): Promise<RunningServer> {
  const captured = {
    identity: await rawGet(`${realUrl}/`, undefined),
    br: await rawGet(`${realUrl}/`, 'br'),
    gzip: await rawGet(`${realUrl}/`, 'gzip'),
  };
  const headersFile = join(dir, 'headers.json');
  writeFileSync(
    headersFile,
    JSON.stringify({
      identity: pageHeaders(captured.identity.headers),
      br: pageHeaders(captured.br.headers),
      gzip: pageHeaders(captured.gzip.headers),
    }),
  );
  // The real server fills in its own SITE_URL where the build has its placeholder origin (decision 034):
  // the bare server serves the bytes the real one sent, not the build's.
  const pageDir = join(dir, 'bare-page');
  mkdirSync(pageDir, { recursive: true });
  writeFileSync(join(pageDir, 'index.html'), captured.identity.body);
  writeFileSync(join(pageDir, 'index.html.br'), captured.br.body);
  writeFileSync(join(pageDir, 'index.html.gz'), captured.gzip.body);
  const bare = await startServer({
    command: process.execPath,
    args: ['--import', 'tsx', 'bench/bare-page-server.ts'],
    env: { SITE_DIR: pageDir, HEADERS_FILE: headersFile, PORT: '0' },
  });
  for (const encoding of ['identity', 'br', 'gzip'] as const) {
    const mine = await rawGet(`${bare.url}/`, encoding === 'identity' ? undefined : encoding);
    const real = captured[encoding];
    const sameHeaders =
      JSON.stringify(pageHeaders(mine.headers)) === JSON.stringify(pageHeaders(real.headers));
    if (real.status !== 200 || mine.status !== 200 || !mine.body.equals(real.body) || !sameHeaders) {
      await stopServer(bare, 'SIGKILL');
      throw new Error(`The bare server's ${encoding} reply differs from the real server's`);
    }
  }
  return bare;
}
