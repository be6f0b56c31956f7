import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KEPT_TEXT, shownEventText } from './delivery-event-text.ts';

describe("a kept notification's line in a lead's history", () => {
  it('says what happened then, in staff words, without file or setting names', () => {
    expect(NOTIFICATION_KEPT_TEXT).not.toMatch(/\.eml|MAIL_DIR|SMTP_URL|database|is not set/);
    expect(NOTIFICATION_KEPT_TEXT).toMatch(/no mail server was set up then/);
  });

  it('reads the words stored by earlier versions the same way, and leaves other lines alone', () => {
    for (const earlier of [
      'The notification was kept as an .eml file, not sent: SMTP_URL is not set, so nobody was told.',
      'The notification was kept in the database, not sent: SMTP_URL is not set, so nobody was told.',
    ]) {
      expect(shownEventText(earlier)).toBe(NOTIFICATION_KEPT_TEXT);
    }
    expect(shownEventText('The notification was emailed to sales@acme.test.')).toBe(
      'The notification was emailed to sales@acme.test.',
    );
  });
});
