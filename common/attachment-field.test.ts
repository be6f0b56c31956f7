import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_KINDS_TEXT,
  ATTACHMENT_ACCEPT,
  ATTACHMENT_FIELD,
  DEFAULT_ATTACHMENT_LIMITS as limits,
  formatFileSize,
} from './attachments.ts';
import { ATTACHMENT_INPUT_ACCEPT, ATTACHMENT_INPUT_HINT, ATTACHMENT_INPUT_NAME } from './attachment-field.ts';

describe('the attachments field as the form draws it', () => {
  it('offers exactly the accepted files, and states the kinds and limits the rules apply', () => {
    expect(ATTACHMENT_INPUT_NAME).toBe(ATTACHMENT_FIELD);
    expect(ATTACHMENT_INPUT_ACCEPT).toBe(ATTACHMENT_ACCEPT);
    expect(ATTACHMENT_INPUT_HINT).toBe(
      `${ACCEPTED_KINDS_TEXT} files. Up to ${limits.maxFiles} files, ${formatFileSize(limits.maxFileBytes)} each, ${formatFileSize(limits.maxTotalBytes)} in all.`,
    );
  });
});
