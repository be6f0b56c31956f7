/** The inbox's leads: the list with its views and search, one lead, and what staff do with it. */
import { z } from 'zod';
import { LEAD_STATUSES, LEAD_VIEWS } from '../lead-domain.ts';
import { csvFile, cursorQuery, endpoint, fileContent, idParams, noContent } from './endpoint.ts';
import { leadDetail, leadList, newNote } from './lead-schemas.ts';

const listQuery = z.object({
  view: z.enum(LEAD_VIEWS).default('all'),
  /** Words of the name, email, phone or message, or the reference its emails give (e.g. "Q-7F3K9C"). */
  q: z.string().max(200).optional(),
  /** Only the leads with an answer nobody has opened ("New reply"). */
  newReply: z.enum(['1']).optional(),
  /** Only the leads the person owns ("Mine"). */
  mine: z.enum(['1']).optional(),
  cursor: cursorQuery,
});

/** A lead's file: the lead's id and the file's. */
const attachmentParams = idParams.extend({ attachmentId: idParams.shape.id });

/** A lead's new owner: an account's id, or null for nobody. */
const ownerBody = z.object({
  ownerId: z.number('Choose someone, or Nobody.').int().positive().nullable(),
});

export const leadEndpoints = {
  setOwner: endpoint({
    method: 'POST',
    path: '/leads/:id/owner',
    access: 'staff',
    params: idParams,
    body: ownerBody,
    reply: noContent,
    replyAs: 'no-content',
    errors: ['not-found', 'unknown-owner'],
  }),
  list: endpoint({ method: 'GET', path: '/leads', access: 'staff', query: listQuery, reply: leadList }),
  /** The current view as CSV (formula-safe). */
  exportCsv: endpoint({
    method: 'GET',
    path: '/leads/export.csv',
    access: 'admin',
    query: listQuery.omit({ cursor: true }),
    reply: csvFile,
    replyAs: 'csv',
  }),
  detail: endpoint({
    method: 'GET',
    path: '/leads/:id',
    access: 'staff',
    params: idParams,
    reply: leadDetail,
    errors: ['not-found'],
  }),
  setStatus: endpoint({
    method: 'POST',
    path: '/leads/:id/status',
    access: 'staff',
    params: idParams,
    body: z.object({ status: z.enum(LEAD_STATUSES) }),
    reply: leadDetail,
    errors: ['not-found'],
  }),
  addNote: endpoint({
    method: 'POST',
    path: '/leads/:id/notes',
    access: 'staff',
    params: idParams,
    body: newNote,
    reply: leadDetail,
    errors: ['not-found'],
  }),
  /** Not spam sends the notification if it was never sent. */
  setSpam: endpoint({
    method: 'POST',
    path: '/leads/:id/spam',
    access: 'staff',
    params: idParams,
    body: z.object({ spam: z.boolean() }),
    reply: leadDetail,
    errors: ['not-found'],
  }),
  /** Sends a dead notification again. */
  retry: endpoint({
    method: 'POST',
    path: '/leads/:id/retry',
    access: 'staff',
    params: idParams,
    reply: leadDetail,
    errors: ['not-found', 'not-dead'],
  }),
  /**
   * A file the visitor attached, to save (never shown inline), streamed from the database. A file
   * waiting for its virus scan, or infected, is refused (409 not-downloadable).
   */
  downloadAttachment: endpoint({
    method: 'GET',
    path: '/leads/:id/attachments/:attachmentId',
    access: 'staff',
    params: attachmentParams,
    reply: fileContent,
    replyAs: 'file',
    errors: ['not-found', 'not-downloadable'],
  }),
  /** A data-subject request: the lead, its files, its emails and their .eml files. */
  remove: endpoint({
    method: 'DELETE',
    path: '/leads/:id',
    access: 'admin',
    params: idParams,
    reply: noContent,
    replyAs: 'no-content',
    errors: ['not-found'],
  }),
};
