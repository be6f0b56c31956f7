/**
 * Follow-ups (docs/decisions/040-follow-ups.md): a lead's follow-up date, set and cleared on its page, and the
 * Follow-ups view.
 * Dates are calendar dates ("YYYY-MM-DD") in the inbox's time zone; `today` is the server's today there.
 */
import { z } from 'zod';
import { isCalendarDate } from '../follow-up-dates.ts';
import { LEAD_STATUSES } from '../lead-domain.ts';
import { endpoint, idParams } from './endpoint.ts';

const calendarDate = z.string().refine(isCalendarDate, 'Choose a date, such as 2026-12-01.');

/** A lead's follow-up: its date (null for none) and today's, for the page's quick choices. */
const leadFollowUp = z.object({ on: calendarDate.nullable(), today: calendarDate });
export type LeadFollowUp = z.infer<typeof leadFollowUp>;

const followUpLead = z.object({
  id: z.number(),
  name: z.string(),
  /** "Q-7F3K9C". */
  reference: z.string(),
  /** The owner's name; null for nobody ("Unassigned"). */
  owner: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  on: calendarDate,
});

/** Up to 100 leads of a group, by date, and how many it holds. */
const followUpGroup = z.object({ leads: z.array(followUpLead), total: z.number() });
export type FollowUpGroup = z.infer<typeof followUpGroup>;

/** The view's three groups; leads that are spam, won or lost are left out. */
const followUpList = z.object({
  today: calendarDate,
  overdue: followUpGroup,
  due: followUpGroup,
  upcoming: followUpGroup,
});

export const followUpEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/follow-ups',
    access: 'staff',
    /** "1": only the signed-in person's leads ("Mine"). */
    query: z.object({ mine: z.enum(['1']).optional() }),
    reply: followUpList,
  }),
  ofLead: endpoint({
    method: 'GET',
    path: '/leads/:id/follow-up',
    access: 'staff',
    params: idParams,
    reply: leadFollowUp,
    errors: ['not-found'],
  }),
  /** Today or later; a past date is refused (400 past-date). */
  set: endpoint({
    method: 'POST',
    path: '/leads/:id/follow-up',
    access: 'staff',
    params: idParams,
    body: z.object({ on: calendarDate }),
    reply: leadFollowUp,
    errors: ['not-found', 'past-date'],
  }),
  /** Done: the follow-up is cleared. */
  clear: endpoint({
    method: 'DELETE',
    path: '/leads/:id/follow-up',
    access: 'staff',
    params: idParams,
    reply: leadFollowUp,
    errors: ['not-found'],
  }),
};
