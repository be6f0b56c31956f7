/** What a post to the account page's action asks for (the header's Sign out posts there too). */
export const ACCOUNT_INTENT = {
  signOut: 'sign-out',
  signOutEverywhere: 'sign-out-everywhere',
  addPasskey: 'add-passkey',
  removePasskey: 'remove-passkey',
} as const;

/** What a post to a lead's page's action asks for. */
export const LEAD_INTENT = {
  status: 'status',
  note: 'note',
  spam: 'spam',
  retry: 'retry',
  reply: 'reply',
  delete: 'delete',
} as const;

/** What the lead page's action answers a form with: what was done, or why not. */
export type LeadActionResult = { done: string; error?: undefined } | { error: string; done?: undefined };
