import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE: all three, or none (no signing). */
export interface DkimSettings {
  /** d=: the domain that signs, the From domain for DMARC alignment. */
  domainName: string;
  /** s=: the key's DNS record is `<selector>._domainkey.<domain>`. */
  keySelector: string;
  /** Absolute path of the PEM private key (the path is not secret; the key is, and is never logged). */
  privateKeyFile: string;
}

const DKIM_VARIABLES = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY_FILE'] as const;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9]$/i;
const SELECTOR = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** The key file's text, checked to hold a PEM private key; the error never quotes the file. */
export function readDkimKey(file: string): string {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new Error(`DKIM_PRIVATE_KEY_FILE cannot be read (${code}): ${file}`);
  }
  try {
    if (!/-----BEGIN (?:RSA |EC )?PRIVATE KEY-----/.test(pem)) throw new Error('not PEM');
    createPrivateKey(pem);
  } catch {
    throw new Error(`DKIM_PRIVATE_KEY_FILE does not hold a PEM private key: ${file}`);
  }
  return pem;
}

/**
 * The DKIM settings, checked at start: undefined when none is set; a message
 * naming the variable that is missing or wrong otherwise.
 */
export function dkimSettings(
  value: Partial<Record<(typeof DKIM_VARIABLES)[number], string>>,
): { dkim: DkimSettings | undefined } | { problem: string } {
  const missing = DKIM_VARIABLES.filter((name) => value[name] === undefined);
  if (missing.length === DKIM_VARIABLES.length) return { dkim: undefined };
  if (missing.length > 0) {
    return {
      problem: `${missing.join(' and ')} must be set too: DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE`,
    };
  }
  const domainName = value.DKIM_DOMAIN?.trim() ?? '';
  const keySelector = value.DKIM_SELECTOR?.trim() ?? '';
  if (!DOMAIN.test(domainName)) return { problem: 'DKIM_DOMAIN must be a domain name, like example.com' };
  if (!SELECTOR.test(keySelector)) {
    return { problem: 'DKIM_SELECTOR must be a DNS label, like mail2026' };
  }
  const privateKeyFile = resolve(value.DKIM_PRIVATE_KEY_FILE ?? '');
  try {
    readDkimKey(privateKeyFile);
  } catch (error) {
    return { problem: (error as Error).message };
  }
  return { dkim: { domainName: domainName.toLowerCase(), keySelector, privateKeyFile } };
}
