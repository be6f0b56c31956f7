import type { AssignmentMode } from '../../common/team-domain.ts';

/** How new leads get an owner: one row, id 1 (assignment-migrations.ts). */
interface LeadAssignmentTable {
  id: number;
  mode: AssignmentMode;
  /** Turns given so far: the next lead goes to the eligible account at turn % their number. */
  turn: number;
  updated_at: string | null;
  updated_by: string | null;
}

/** A daily digest sent: one per account and local date. */
interface StaffDigestsTable {
  account_id: number;
  /** "YYYY-MM-DD" in ADMIN_TIME_ZONE. */
  day: string;
  sent_at: string;
}

/** The team's tables: only this folder views the database with them (docs/decisions/061-table-types-owned-by-their-feature.md). */
export interface TeamTables {
  lead_assignment: LeadAssignmentTable;
  staff_digests: StaffDigestsTable;
}
