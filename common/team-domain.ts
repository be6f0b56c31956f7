/**
 * A team's words, shared by the inbox and the server (no zod: the inbox's pages import it without the
 * contract). Roles: an admin does everything; a member works leads and manages their own account.
 */

/** The roles of a staff account. */
export const STAFF_ROLES = ['admin', 'member'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: 'Admin', member: 'Member' };

/** Which new leads a person is emailed about (Account → Notifications). */
export const NEW_LEAD_EMAILS = ['all', 'mine', 'none'] as const;
export type NewLeadEmails = (typeof NEW_LEAD_EMAILS)[number];

export const NEW_LEAD_EMAIL_LABELS: Record<NewLeadEmails, string> = {
  all: 'All leads',
  mine: 'My leads',
  none: 'None',
};

/** How new leads get an owner (Settings → Lead assignment). */
export const ASSIGNMENT_MODES = ['unassigned', 'turns'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

export const ASSIGNMENT_MODE_LABELS: Record<AssignmentMode, string> = {
  unassigned: 'Leave unassigned',
  turns: 'Take turns',
};
