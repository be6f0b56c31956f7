import {
  formatFileSize,
  isDownloadable,
  kindLabelOf,
  SCAN_STATE_LABELS,
} from '../../../../common/attachments';
import { inboxApi } from '../../../../common/inbox-api/endpoints';
import type { LeadAttachment } from '../../../../common/inbox-api/lead-schemas';
import { addressOf } from '../api-input';
import { buttonClass } from '../buttons';
import { Icon } from '../icons';
import { Card } from './card';

/** The scan state's colour: a file staff cannot open yet, or at all, stands out. */
const scanTone: Record<LeadAttachment['scan'], string> = {
  clean: 'text-emerald-800',
  'not-scanned': 'text-slate-600',
  pending: 'text-amber-800',
  infected: 'text-red-800 font-semibold',
};

function AttachmentLine({ leadId, file }: { leadId: number; file: LeadAttachment }) {
  const href = addressOf(inboxApi.leads.downloadAttachment, {
    params: { id: leadId, attachmentId: file.id },
  });
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      {isDownloadable(file.scan) ? (
        <a href={href} download={file.name} className={`${buttonClass.link} break-words`}>
          <Icon name="download" className="mr-1.5 inline size-4 align-[-0.125em]" />
          {file.name}
          <span className="sr-only"> (download)</span>
        </a>
      ) : (
        <span className="font-medium break-words text-ink">{file.name}</span>
      )}
      <span className="text-sm text-slate-600">
        {formatFileSize(file.size)} · {kindLabelOf(file.mediaType)} ·{' '}
        <span className={scanTone[file.scan]}>{SCAN_STATE_LABELS[file.scan]}</span>
        {!isDownloadable(file.scan) && (
          <span className="text-slate-600">
            {file.scan === 'pending'
              ? '. It can be downloaded once it is scanned.'
              : '. It cannot be downloaded.'}
          </span>
        )}
      </span>
    </li>
  );
}

/**
 * The files the visitor attached: each name a download link (saved, never opened here), its size, type
 * and where it stands with the virus scanner. A file waiting for its scan, or infected, has no link. Not
 * shown when there are none.
 */
export function AttachmentsCard({ leadId, files }: { leadId: number; files: LeadAttachment[] | undefined }) {
  // A server from before attachments answers without the field: nothing to show.
  if (!files || files.length === 0) return null;
  return (
    <Card title="Attachments">
      <ul className="divide-y divide-slate-200">
        {files.map((file) => (
          <AttachmentLine key={file.id} leadId={leadId} file={file} />
        ))}
      </ul>
    </Card>
  );
}
