/** What a post to the account page's action asks for (the header's Sign out posts there too). */
export const ACCOUNT_INTENT = {
  signOut: 'sign-out',
  signOutEverywhere: 'sign-out-everywhere',
  addPasskey: 'add-passkey',
  removePasskey: 'remove-passkey',
} as const;
