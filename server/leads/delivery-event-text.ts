/**
 * What a lead's history says of a notification kept, not sent, because no mail server was set up when
 * it went: said as it was then, in staff words (not the server's file or setting names).
 */
export const NOTIFICATION_KEPT_TEXT =
  'The notification was not sent: no mail server was set up then, so it was kept on the server and nobody was told.';

/** The words earlier versions stored for the same event: shown as NOTIFICATION_KEPT_TEXT. */
const EARLIER_KEPT_TEXTS = new Set([
  'The notification was kept as an .eml file, not sent: SMTP_URL is not set, so nobody was told.',
  'The notification was kept in the database, not sent: SMTP_URL is not set, so nobody was told.',
]);

/** A history entry's stored text as the inbox shows it: earlier words of a kept notification read as now. */
export function shownEventText(text: string): string {
  return EARLIER_KEPT_TEXTS.has(text) ? NOTIFICATION_KEPT_TEXT : text;
}
