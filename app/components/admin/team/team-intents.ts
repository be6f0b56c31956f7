/** The Team page's posts. */
export const TEAM_INTENT = {
  invite: 'invite',
  setRole: 'set-role',
  revoke: 'revoke',
} as const;

/** What a post of the Team page answers: an error in words, or the invitation link to show once. */
export type TeamActionData =
  | { error: string; fields?: Record<string, string> | undefined }
  | { invited: { email: string; link: string; expiresAt: string } }
  | { ok: true };

/** The input fields of the Team page's forms. */
export const teamField =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink aria-invalid:border-red-700';
