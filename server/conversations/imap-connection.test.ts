import { describe, expect, it } from 'vitest';
import { imapTarget } from './imap-connection.ts';

const loopback = (host: string) => host === '127.0.0.1' || host === 'localhost';

describe('the TLS rules at connect', () => {
  it('imaps:// is TLS from the start, on 993 unless told', () => {
    const { options } = imapTarget('imaps://sales%40acme.test:s3cret@imap.example.com/INBOX', loopback);
    expect(options).toMatchObject({ host: 'imap.example.com', port: 993, secure: true });
    expect(options.doSTARTTLS).toBeUndefined();
    expect(options.auth).toEqual({ user: 'sales@acme.test', pass: 's3cret' });
  });

  it('imap:// to another host must upgrade with STARTTLS (no plain text)', () => {
    const { options } = imapTarget('imap://sales:s3cret@imap.example.com/INBOX', loopback);
    expect(options).toMatchObject({ port: 143, secure: false, doSTARTTLS: true });
  });

  it('imap:// to a loopback host may stay in plain text', () => {
    const { options } = imapTarget('imap://sales:s3cret@127.0.0.1:14143/INBOX', loopback);
    expect(options).toMatchObject({ port: 14143, secure: false, doSTARTTLS: false });
  });

  it("the mailbox's key (and what the logs name) never holds the password", () => {
    const target = imapTarget(
      'imaps://sales%40acme.test:s3cret@imap.example.com/Clients%2FAnswers',
      loopback,
    );
    expect(target.path).toBe('Clients/Answers');
    expect(target.mailbox).toBe('imaps://sales%40acme.test@imap.example.com/Clients/Answers');
    expect(target.mailbox).not.toContain('s3cret');
  });
});
