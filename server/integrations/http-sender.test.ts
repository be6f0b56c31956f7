import { createServer } from 'node:http';
import type { AddressInfo, LookupFunction, Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { REFUSED_ONLY_WHEN_SENT } from '../test/special-addresses.ts';
import { webhookReceiver } from '../test/webhook-receiver.ts';
import { createHttpSender } from './http-sender.ts';

/** A DNS that answers every name with one address, as a rebinding attacker's would. */
function resolvingTo(address: string): LookupFunction {
  const family = address.includes(':') ? 6 : 4;
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

const body = JSON.stringify({ type: 'lead.created' });

async function ipv6Available() {
  try {
    await webhookReceiver('::1');
    return true;
  } catch {
    return false;
  }
}

describe('the address rules (WEBHOOK_ALLOW_PRIVATE off)', () => {
  it.each(['127.0.0.1', '10.0.0.5', '169.254.169.254'])(
    'refuse a name resolving to %s before any connection, when saved and when called',
    async (address) => {
      const listener = await webhookReceiver('127.0.0.1');
      const sender = createHttpSender({
        allowPrivate: false,
        production: false,
        lookup: resolvingTo(address),
      });
      const url = `http://hooks.example.com:${listener.port}/hook`;

      const verdict = await sender.checkUrl(url);
      expect(verdict).toMatchObject({ ok: false });
      expect(!verdict.ok && verdict.reason).toContain(
        `resolves to ${address}, which is not a public address`,
      );

      const attempt = await sender.post({ url, headers: {}, body });
      expect(attempt).toMatchObject({ ok: false });
      expect(attempt.error).toMatch(/^Refused: it resolves to an address that is not public/);
      expect(attempt.error).not.toContain('hooks.example.com');
      expect(listener.state.connections).toBe(0);
    },
  );

  it('refuses a name resolving to ::1, and the IPv6 loopback listener sees no connection', async () => {
    if (!(await ipv6Available())) return;
    const listener = await webhookReceiver('::1');
    const sender = createHttpSender({ allowPrivate: false, production: false, lookup: resolvingTo('::1') });
    const url = `http://hooks.example.com:${listener.port}/hook`;
    expect(await sender.checkUrl(url)).toMatchObject({ ok: false });
    expect(await sender.post({ url, headers: {}, body })).toMatchObject({ ok: false });
    expect(listener.state.connections).toBe(0);
  });

  it('refuses a loopback address typed as such', async () => {
    const listener = await webhookReceiver('127.0.0.1');
    const sender = createHttpSender({ allowPrivate: false, production: false });
    expect(await sender.checkUrl(listener.url)).toMatchObject({ ok: false });
    expect(await sender.post({ url: listener.url, headers: {}, body })).toMatchObject({ ok: false });
    expect(listener.state.connections).toBe(0);
  });

  it.each(['::7f00:1', '::127.0.0.1'])(
    'refuses the IPv4-compatible address %s, resolved or typed, when saved and when called',
    async (address) => {
      const sender = createHttpSender({
        allowPrivate: false,
        production: false,
        lookup: resolvingTo(address),
      });
      for (const url of ['http://hooks.example.com/hook', `http://[${address}]/hook`]) {
        expect(await sender.checkUrl(url)).toMatchObject({ ok: false });
        const attempt = await sender.post({ url, headers: {}, body });
        expect(attempt.error).toMatch(/^Refused: it resolves to an address that is not public/);
      }
    },
  );

  it.each(REFUSED_ONLY_WHEN_SENT)(
    'refuses %s when it is saved, resolved or typed, with the reason, as the send does',
    async (address) => {
      const sender = createHttpSender({
        allowPrivate: false,
        production: false,
        lookup: resolvingTo(address),
      });
      for (const url of ['https://hooks.example.com/hook', `https://[${address}]/hook`]) {
        const verdict = await sender.checkUrl(url);
        expect(verdict).toMatchObject({ ok: false });
        expect(!verdict.ok && verdict.reason).toMatch(
          /resolves to .+, which is not a public address \(loopback, private, link-local or reserved\)/,
        );
        const attempt = await sender.post({ url, headers: {}, body });
        expect(attempt.error).toMatch(/^Refused: it resolves to an address that is not public/);
      }
    },
  );

  it('refuses at send time with the rule the save uses: a name that turns private after it was saved', async () => {
    let answer = '93.184.216.34';
    const lookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
      resolvingTo(answer)(hostname, options as never, callback as never)) as unknown as LookupFunction;
    const sender = createHttpSender({ allowPrivate: false, production: false, lookup });
    expect(await sender.checkUrl('https://hooks.example.com/hook')).toEqual({ ok: true });
    for (const address of REFUSED_ONLY_WHEN_SENT) {
      answer = address;
      const attempt = await sender.post({ url: 'https://hooks.example.com/hook', headers: {}, body });
      expect(attempt.error).toMatch(/^Refused: it resolves to an address that is not public/);
      expect(attempt.durationMs).toBeLessThan(1_000);
    }
  });

  it('accepts a name resolving to a public address when it is saved', async () => {
    const sender = createHttpSender({
      allowPrivate: false,
      production: false,
      lookup: resolvingTo('93.184.216.34'),
    });
    expect(await sender.checkUrl('https://hooks.example.com/hook')).toEqual({ ok: true });
  });
});

describe('sending', () => {
  it('does not follow a redirect: the Location (a private address) is never contacted', async () => {
    const inside = await webhookReceiver('127.0.0.1');
    const receiver = await webhookReceiver('127.0.0.1');
    receiver.answer(302, { location: inside.url });
    const sender = createHttpSender({ allowPrivate: true, production: false });

    const attempt = await sender.post({ url: receiver.url, headers: {}, body });

    expect(attempt).toMatchObject({ ok: false, status: 302 });
    expect(attempt.error).toBe('HTTP 302: redirects are not followed.');
    expect(inside.state.connections).toBe(0);
  });

  it('with WEBHOOK_ALLOW_PRIVATE, reaches a loopback receiver with the body, a User-Agent and the status', async () => {
    const receiver = await webhookReceiver('127.0.0.1');
    const sender = createHttpSender({ allowPrivate: true, production: false });
    const attempt = await sender.post({ url: receiver.url, headers: { 'webhook-id': 'msg_1' }, body });
    expect(attempt).toMatchObject({ ok: true, status: 200 });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    expect(receiver.received[0]?.body).toBe(body);
    expect(receiver.received[0]?.headers['user-agent']).toMatch(/lead integrations/);
  });

  it('gives up after its timeout when the receiver never answers', async () => {
    const silent = createServer(() => undefined);
    const asked = new Promise<void>((resolve) => silent.on('request', () => resolve()));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    // The sender's timer and clock are fake: the timeout comes when the test moves time, not after a wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const sender = createHttpSender({ allowPrivate: true, production: false, timeoutMs: 200 });
      let settled = false;
      const attempt = sender.post({ url: `http://127.0.0.1:${port}/hook`, headers: {}, body });
      void attempt.then(() => (settled = true));
      await asked;
      await vi.advanceTimersByTimeAsync(199);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await attempt).toEqual({ ok: false, error: 'No answer within 0.2 s.', durationMs: 200 });
    } finally {
      vi.useRealTimers();
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('holds no socket for a receiver that answers 200 and never ends its body: the deadline covers the body', async () => {
    const sockets: Socket[] = [];
    let answered: () => void = () => undefined;
    const headersSent = new Promise<void>((resolve) => (answered = resolve));
    const endless = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('still coming', () => answered());
    });
    endless.on('connection', (socket) => sockets.push(socket));
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    const { port } = endless.address() as AddressInfo;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const sender = createHttpSender({ allowPrivate: true, production: false, timeoutMs: 200 });
      const attempt = sender.post({ url: `http://127.0.0.1:${port}/hook`, headers: {}, body });
      await headersSent;
      // A few turns of the event loop (not a wait) let the sender read the status line and headers.
      for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      const closed = new Promise<void>((resolve) => sockets[0]?.on('close', () => resolve()));
      await vi.advanceTimersByTimeAsync(200);
      expect(await attempt).toEqual({
        ok: false,
        status: 200,
        error: 'No answer within 0.2 s.',
        durationMs: 200,
      });
      await closed;
      expect(sockets[0]?.destroyed).toBe(true);
    } finally {
      vi.useRealTimers();
      endless.closeAllConnections();
      endless.close();
    }
  });

  it('never waits more than 30 s, whatever its timeout says', async () => {
    const silent = createServer(() => undefined);
    const asked = new Promise<void>((resolve) => silent.on('request', () => resolve()));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const sender = createHttpSender({ allowPrivate: true, production: false, timeoutMs: 120_000 });
      const attempt = sender.post({ url: `http://127.0.0.1:${port}/hook`, headers: {}, body });
      await asked;
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await attempt).toMatchObject({ ok: false, error: 'No answer within 30 s.' });
    } finally {
      vi.useRealTimers();
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('refuses plain http in production, when saved and when called', async () => {
    const receiver = await webhookReceiver('127.0.0.1');
    const sender = createHttpSender({ allowPrivate: false, production: true });
    expect(await sender.checkUrl(receiver.url)).toEqual({
      ok: false,
      reason: 'The URL must start with https:// (plain http is refused in production).',
    });
    expect(await sender.post({ url: receiver.url, headers: {}, body })).toMatchObject({ ok: false });
    expect(receiver.state.connections).toBe(0);
  });
});

describe('plain http to an intranet receiver (production, WEBHOOK_ALLOW_PRIVATE=true)', () => {
  it('is allowed to a name resolving to a private address, when saved and when called', async () => {
    const receiver = await webhookReceiver('127.0.0.1');
    const sender = createHttpSender({
      allowPrivate: true,
      production: true,
      lookup: resolvingTo('127.0.0.1'),
    });
    const url = `http://n8n.intranet.example:${receiver.port}/hook`;
    expect(await sender.checkUrl(url)).toEqual({ ok: true });
    expect(await sender.post({ url, headers: {}, body })).toMatchObject({ ok: true, status: 200 });
    expect(receiver.received).toHaveLength(1);
  });

  it('is refused to a name resolving to a public address, when saved and when called (after DNS)', async () => {
    const receiver = await webhookReceiver('127.0.0.1');
    const saved = createHttpSender({
      allowPrivate: true,
      production: true,
      lookup: resolvingTo('93.184.216.34'),
    });
    const url = `http://hooks.example.com:${receiver.port}/hook`;
    const verdict = await saved.checkUrl(url);
    expect(!verdict.ok && verdict.reason).toContain('resolves to 93.184.216.34, a public address');
    const attempt = await saved.post({ url, headers: {}, body });
    expect(attempt).toMatchObject({ ok: false });
    expect(attempt.error).toMatch(/^Refused: it resolves to a public address, and plain http/);
    expect(attempt.error).not.toContain('hooks.example.com');
    expect(receiver.state.connections).toBe(0);
  });

  it('is refused to a public address typed in the URL, and https stays allowed to public ones', async () => {
    const sender = createHttpSender({
      allowPrivate: true,
      production: true,
      lookup: resolvingTo('93.184.216.34'),
    });
    expect(await sender.checkUrl('http://93.184.216.34/hook')).toMatchObject({ ok: false });
    expect(await sender.post({ url: 'http://93.184.216.34/hook', headers: {}, body })).toMatchObject({
      ok: false,
      durationMs: 0,
    });
    expect(await sender.checkUrl('https://hooks.example.com/hook')).toEqual({ ok: true });
  });
});
