import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { EICAR, hasClamd, startClamdServer, type ClamdServer } from '../test/clamd-server.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import { storedZip } from './stored-zip.ts';
import { checkLimitsOnceAnswered, LIMITS_NOT_FLAGGED } from './clamd-limits.ts';
import { createClamdScanner } from './clamd-scanner.ts';

async function* once(content: Buffer) {
  yield content;
}

function logLines() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  const messages = () => lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
  return { log, lines, messages };
}

afterEach(() => {
  vi.useRealTimers();
});

/** EICAR in zips nested `depth` deep, as the red team sent it. */
function nestedEicar(depth: number): Buffer {
  let archive: Buffer = EICAR;
  for (let level = 0; level < depth; level++) archive = storedZip([{ name: `${level}.zip`, data: archive }]);
  return archive;
}

describe.skipIf(!hasClamd)('clamd past its limits', () => {
  const servers: ClamdServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });
  async function clamd(alertExceedsMax: boolean) {
    const server = await startClamdServer({ alertExceedsMax });
    servers.push(server);
    return server;
  }

  it('with AlertExceedsMax yes, flags EICAR in 20 nested zips and the start-up check says so', async () => {
    const server = await clamd(true);
    const scanner = createClamdScanner(server.url);
    expect(await scanner.scan(once(nestedEicar(20)))).toEqual({
      outcome: 'infected',
      signature: 'Heuristics.Limits.Exceeded.MaxRecursion',
    });
    expect(scanner.limitsFlagged).toBeUndefined();
    expect(await scanner.checkLimits()).toBe(true);
    expect(scanner.limitsFlagged).toBe(true);
  }, 60_000);

  it("with the deploy guide's settings, flags a file over its limits", async () => {
    const guide = readFileSync('docs/deploy.md', 'utf8');
    const block = /### ClamAV settings[\s\S]*?```sh\n([\s\S]*?)```/.exec(guide)?.[1] ?? '';
    const settings = block.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
    expect(settings).toContain('AlertExceedsMax yes');
    const server = await startClamdServer({ alertExceedsMax: false, settings });
    servers.push(server);
    const scanner = createClamdScanner(server.url);
    expect(await scanner.checkLimits()).toBe(true);
    expect(await scanner.scan(once(nestedEicar(20)))).toMatchObject({ outcome: 'infected' });
  }, 60_000);

  it('without it, passes them as clean: the server warns at start, naming the setting', async () => {
    const server = await clamd(false);
    const scanner = createClamdScanner(server.url);
    expect(await scanner.scan(once(nestedEicar(20)))).toEqual({ outcome: 'clean' });

    const lines: string[] = [];
    const { app } = await testApp({
      config: testConfig({ CLAMD_URL: server.url }),
      logger: true,
      logStream: { write: (line) => void lines.push(line) },
      startOutbox: true,
    });
    await vi.waitFor(() => expect(app.clamdScanner?.limitsFlagged).toBe(false), { timeout: 10_000 });
    const warning = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((line) => line.msg === LIMITS_NOT_FLAGGED);
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toContain('AlertExceedsMax yes');
  }, 60_000);
});

describe('the start-up check', () => {
  it('while clamd gives no verdict, tries again every minute, and says what it found once', async () => {
    vi.useFakeTimers();
    const answers: (boolean | undefined)[] = [undefined, undefined, false];
    let checks = 0;
    const scanner = { checkLimits: async () => answers[checks++] };
    const { log, messages } = logLines();

    const stop = checkLimitsOnceAnswered(scanner, log, 60_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(checks).toBe(1);
    expect(messages()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(checks).toBe(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(checks).toBe(3);
    expect(messages()).toEqual([LIMITS_NOT_FLAGGED]);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(checks).toBe(3);
    stop();
  });

  it('stops trying once the server closes', async () => {
    vi.useFakeTimers();
    let checks = 0;
    const scanner = {
      checkLimits: async () => {
        checks++;
        return undefined;
      },
    };
    const stop = checkLimitsOnceAnswered(scanner, logLines().log, 60_000);
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(checks).toBe(1);
  });
});
