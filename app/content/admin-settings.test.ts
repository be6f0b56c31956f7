import { describe, expect, it } from 'vitest';
import { disabledIntegrationText } from './admin-settings';

describe('the inbox’s banner for an integration the server turned off', () => {
  it('says which one and why, in one sentence', () => {
    expect(disabledIntegrationText('Slack', 'The receiver answered 410 Gone.')).toBe(
      'Slack integration turned off: the receiver answered 410 Gone.',
    );
  });

  it('keeps a reason that starts with an abbreviation as it is', () => {
    expect(disabledIntegrationText('Microsoft Teams', 'HTTP errors for 3 days')).toBe(
      'Microsoft Teams integration turned off: HTTP errors for 3 days.',
    );
  });
});
