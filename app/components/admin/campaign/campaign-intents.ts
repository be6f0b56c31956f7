/** What the campaign page's forms ask its action to do (the `intent` field). */
export const CAMPAIGN_INTENT = {
  send: 'send',
  schedule: 'schedule',
  unschedule: 'unschedule',
  pause: 'pause',
  resume: 'resume',
  cancel: 'cancel',
  retryFailed: 'retry-failed',
} as const;

/** What the action answers a form: what was done, or why not. */
export interface CampaignActionResult {
  done?: string;
  error?: string;
}
