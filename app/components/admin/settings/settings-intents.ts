import type { DeliveryAttempt } from '../../../../common/inbox-api/settings-endpoints';
import type { IntegrationKind } from '../../../../common/integration-domain';

/** What a post to the Settings page's action asks for. */
export const SETTINGS_INTENT = {
  add: 'add-integration',
  test: 'send-test',
  rotate: 'rotate-secret',
  enable: 'enable',
  disable: 'disable',
  remove: 'remove',
  saveAutoReply: 'save-auto-reply',
  previewAutoReply: 'preview-auto-reply',
  saveSavedReply: 'save-saved-reply',
  removeSavedReply: 'remove-saved-reply',
  saveAssignment: 'save-assignment',
} as const;

/** A URL or secret answered once, when made: shown until the page is left. */
export interface ShownOnce {
  kind: IntegrationKind;
  url: string | null;
  secret: string | null;
  /** A rotated secret: the old one still signs for a while. */
  rotated?: boolean;
}

/** What the Settings page's action answers a form with: what was done, or why not. */
export interface SettingsActionResult {
  done?: string;
  error?: string;
  /** The API's messages per field (400), e.g. `url` or `text`. */
  fields?: Record<string, string>;
  shownOnce?: ShownOnce;
  test?: DeliveryAttempt;
  preview?: { subject: string; text: string };
}
