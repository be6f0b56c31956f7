import type { Mailer, OutgoingMail, SendResult } from '../mail/outgoing-mail.ts';

/** A mailer whose first send waits until the test lets it finish; it keeps the Message-ID of every send. */
export function heldMailer() {
  const sent: string[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const mailer: Mailer = {
    kind: 'smtp',
    async send(mail: OutgoingMail): Promise<SendResult> {
      sent.push(mail.messageId);
      if (sent.length === 1) await held;
      return { ok: true, detail: '250 accepted' };
    },
    close: () => undefined,
  };
  return { mailer, sent, release };
}
