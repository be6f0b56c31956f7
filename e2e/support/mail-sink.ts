/** Reading what the end-to-end server's SMTP sink received (see e2e-server.ts). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { E2E_MAIL_SINK_DIR } from './e2e-env.ts';

/** Every message the sink has received so far, parsed. */
export async function receivedMail(): Promise<ParsedMail[]> {
  const files = existsSync(E2E_MAIL_SINK_DIR)
    ? readdirSync(E2E_MAIL_SINK_DIR).filter((file) => file.endsWith('.eml'))
    : [];
  return Promise.all(files.map((file) => simpleParser(readFileSync(join(E2E_MAIL_SINK_DIR, file)))));
}

/** The messages addressed to this address. */
export async function mailTo(address: string): Promise<ParsedMail[]> {
  const wanted = address.toLowerCase();
  return (await receivedMail()).filter((mail) =>
    [mail.to ?? []].flat().some((to) => to.value.some((each) => each.address?.toLowerCase() === wanted)),
  );
}

export { rawHeader } from '../../server/test/smtp-sink.ts';
