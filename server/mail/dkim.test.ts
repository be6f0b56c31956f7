import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../config/config.ts';
import { dkimTags, relaxedBodyHash, verifiesWith } from '../test/dkim-verify.ts';
import { injectQuote } from '../test/form-request.ts';
import { signUp } from '../test/newsletter-client.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testApp, testSmtpSink } from '../test/test-app.ts';

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

/** A fresh RSA key pair, the private key in a PEM file readable by its owner only. */
function keyFile() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const file = join(tempDir(), 'dkim.pem');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  writeFileSync(file, pem, { mode: 0o600 });
  return { file, pem, publicKey };
}

describe('DKIM signing (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY_FILE)', () => {
  it('needs all three or none, and a readable PEM private key, and never prints the key', () => {
    const { file, pem } = keyFile();
    expect(loadConfig({}).mail.dkim).toBeUndefined();
    expect(errorOf({ DKIM_DOMAIN: 'acme.test' })).toContain(
      'DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE must be set too',
    );
    expect(errorOf({ DKIM_DOMAIN: 'acme.test', DKIM_PRIVATE_KEY_FILE: file })).toContain(
      'DKIM_SELECTOR must be set too',
    );
    const set = { DKIM_DOMAIN: 'acme.test', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY_FILE: file };
    expect(loadConfig(set).mail.dkim).toEqual({
      domainName: 'acme.test',
      keySelector: 'mail2026',
      privateKeyFile: file,
    });
    expect(JSON.stringify(loadConfig(set))).not.toContain('PRIVATE KEY');

    const absent = join(tempDir(), 'none.pem');
    expect(errorOf({ ...set, DKIM_PRIVATE_KEY_FILE: absent })).toContain(
      `DKIM_PRIVATE_KEY_FILE cannot be read (ENOENT): ${absent}`,
    );
    const publicOnly = join(tempDir(), 'public.pem');
    writeFileSync(publicOnly, keyFile().publicKey.export({ type: 'spki', format: 'pem' }));
    expect(errorOf({ ...set, DKIM_PRIVATE_KEY_FILE: publicOnly })).toContain(
      'DKIM_PRIVATE_KEY_FILE does not hold a PEM private key',
    );
    const broken = join(tempDir(), 'broken.pem');
    writeFileSync(broken, pem.slice(0, 200));
    const message = errorOf({ ...set, DKIM_PRIVATE_KEY_FILE: broken });
    expect(message).toContain('DKIM_PRIVATE_KEY_FILE does not hold a PEM private key');
    expect(message).not.toContain(pem.slice(40, 80));
    if (process.getuid?.() !== 0) {
      chmodSync(file, 0o000);
      expect(errorOf(set)).toContain('DKIM_PRIVATE_KEY_FILE cannot be read (EACCES)');
    }
    expect(errorOf({ ...set, DKIM_DOMAIN: 'not a domain' })).toContain('DKIM_DOMAIN must be a domain name');
    expect(errorOf({ ...set, DKIM_SELECTOR: 'a;b' })).toContain('DKIM_SELECTOR must be a DNS label');
  });

  it('signs what goes through SMTP: d= and s= as set, the one-click headers, a body hash and a signature that verify', async () => {
    const { file, publicKey } = keyFile();
    const smtp = await testSmtpSink();
    const { app } = await testApp({
      startOutbox: true,
      env: {
        SMTP_URL: smtp.url,
        DKIM_DOMAIN: 'acme.test',
        DKIM_SELECTOR: 'mail2026',
        DKIM_PRIVATE_KEY_FILE: file,
      },
    });
    expect((await injectQuote(app)).statusCode).toBe(200);
    expect((await signUp(app, 'priya@company.in')).statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp.raw).toHaveLength(2), { timeout: 5_000 });
    const [raw = Buffer.alloc(0), confirmation = Buffer.alloc(0)] = [...smtp.raw].sort(
      (a, b) => Number(a.includes('List-Unsubscribe')) - Number(b.includes('List-Unsubscribe')),
    );
    const tags = dkimTags(raw);
    expect(tags).toMatchObject({ v: '1', a: 'rsa-sha256', d: 'acme.test', s: 'mail2026' });
    expect(tags.h?.toLowerCase().split(':')).toEqual(expect.arrayContaining(['from', 'to', 'subject']));
    expect(tags.bh).toBe(relaxedBodyHash(raw));
    expect(verifiesWith(raw, publicKey)).toBe(true);
    // RFC 8058: one-click unsubscribe is trusted only with both headers signed.
    expect(dkimTags(confirmation).h?.toLowerCase().split(':')).toEqual(
      expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']),
    );
    expect(verifiesWith(confirmation, publicKey)).toBe(true);
    // Tampering with the signed subject breaks it.
    const tampered = Buffer.from(raw.toString('latin1').replace(/^Subject: /m, 'Subject: X'), 'latin1');
    expect(verifiesWith(tampered, publicKey)).toBe(false);
  });
});
