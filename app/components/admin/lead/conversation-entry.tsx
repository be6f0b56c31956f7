import type { ReactNode } from 'react';
import { formatFileSize, isDownloadable, SCAN_STATE_LABELS } from '../../../../common/attachments';
import { messageKindLabels, senderDoubts } from '../../../../common/conversation';
import { inboxApi } from '../../../../common/inbox-api/endpoints';
import { staffNameOf } from '../../../../common/staff-name';
import type { ConversationEntry, ReplyDelivery } from '../../../../common/inbox-api/conversation-endpoints';
import { addressOf } from '../api-input';
import { buttonClass } from '../buttons';
import { When } from './when';

type MessageEntry = Extract<ConversationEntry, { type: 'message' }>;

const tag = 'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

/** What became of a reply's email, in a sentence; a dead letter says why. */
function deliveryText(delivery: ReplyDelivery): ReactNode {
  switch (delivery.state) {
    case 'sent':
      return 'Sent.';
    case 'kept':
      return 'Not sent: no mail server was set up when this was written; kept on the server.';
    case 'cancelled':
      return `Withdrawn${delivery.lastError ? `: ${delivery.lastError}` : '.'}`;
    case 'dead':
      return (
        <span className="font-medium text-red-800">
          Could not be sent{delivery.lastError ? `: ${delivery.lastError}` : '.'} It went to the outbox’s dead
          letters, where it can be retried.
        </span>
      );
    case 'waiting':
      return delivery.attempts > 0
        ? `Waiting to be sent again (${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}${delivery.lastError ? `; ${delivery.lastError}` : ''}).`
        : 'Waiting to be sent.';
  }
}

function MessageTags({ entry }: { entry: MessageEntry }) {
  return (
    <>
      <span
        className={`${tag} ${entry.direction === 'out' ? 'bg-sky-50 text-sky-900 ring-sky-200' : 'bg-emerald-50 text-emerald-900 ring-emerald-200'}`}
      >
        {messageKindLabels[entry.kind]}
      </span>
      {!entry.read && <span className={`${tag} bg-brand-700 text-white ring-brand-700`}>New</span>}
      {entry.bouncedAt && <span className={`${tag} bg-red-700 text-white ring-red-700`}>Not delivered</span>}
    </>
  );
}

/** What came in from a sender in doubt says so above its text, in staff words; nothing is hidden. */
function SenderDoubts({ entry }: { entry: MessageEntry }) {
  const doubts = senderDoubts(entry);
  if (doubts.length === 0) return null;
  return (
    <ul
      aria-label="About the sender"
      className="mt-2 space-y-1 break-words rounded-md bg-amber-50 p-2 text-sm font-medium text-amber-900 ring-1 ring-inset ring-amber-300"
    >
      {doubts.map((doubt) => (
        <li key={doubt}>{doubt}</li>
      ))}
    </ul>
  );
}

/** A message's text, and what it quoted folded behind "Show quoted text". */
function MessageBody({ text, quoted }: { text: string; quoted: string }) {
  return (
    <>
      <p className="mt-2 whitespace-pre-wrap break-words text-ink">{text}</p>
      {quoted && (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium text-brand-700">Show quoted text</summary>
          <p className="mt-2 whitespace-pre-wrap break-words border-l-2 border-slate-300 pl-3 text-sm text-slate-700">
            {quoted}
          </p>
        </details>
      )}
    </>
  );
}

/** The files an answer brought: each name a link to download it, once it may be downloaded. */
function MessageFiles({ leadId, files }: { leadId: number; files: MessageEntry['files'] }) {
  if (files.length === 0) return null;
  return (
    <ul className="mt-3 space-y-1 text-sm" aria-label="Files it brought">
      {files.map((file) => (
        <li key={file.id} className="break-words">
          {isDownloadable(file.scan) ? (
            <a
              href={addressOf(inboxApi.leads.downloadAttachment, {
                params: { id: leadId, attachmentId: file.id },
              })}
              download={file.name}
              className={buttonClass.link}
            >
              {file.name}
              <span className="sr-only"> (download)</span>
            </a>
          ) : (
            <span className="font-medium text-ink">{file.name}</span>
          )}{' '}
          <span className="text-slate-600">
            · {formatFileSize(file.size)}
            {file.scan !== 'clean' && ` · ${SCAN_STATE_LABELS[file.scan]}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The website's word on the files an answer brought ("setup.exe was not kept: it contains a virus."):
 * beside the client's message, not in it, so nothing the client wrote can pass for it.
 */
function FileNotes({ notes, mine }: { notes: readonly string[]; mine: boolean }) {
  if (notes.length === 0) return null;
  return (
    <div
      role="note"
      aria-label="From the website"
      className={`mt-1 rounded-lg bg-slate-100 px-4 py-2 text-sm text-slate-800 ${mine ? 'sm:ml-8' : 'sm:mr-8'}`}
    >
      <p className="font-medium text-slate-600">From the website, about the files:</p>
      {notes.map((note, index) => (
        <p key={index} className="break-words whitespace-pre-wrap">
          {note}
        </p>
      ))}
    </div>
  );
}

/** One entry of the conversation: the request, a note (internal), a reply or what came back. */
export function ConversationItem({ leadId, entry }: { leadId: number; entry: ConversationEntry }) {
  if (entry.type === 'request') {
    return (
      <article className="rounded-lg border border-slate-200 bg-slate-50 p-4">
        <p className="text-sm text-slate-600">
          <span className="font-medium text-ink">{entry.name}</span> · Request · <When iso={entry.at} />
        </p>
        <MessageBody text={entry.text} quoted="" />
      </article>
    );
  }
  if (entry.type === 'note') {
    return (
      <article className="rounded-lg border border-dashed border-amber-300 bg-amber-50 p-4">
        <p className="text-sm text-slate-700">
          <span className={`${tag} bg-white text-amber-900 ring-amber-300`}>Internal note</span>{' '}
          <span className="font-medium text-ink">{entry.by ? staffNameOf(entry.by) : 'The website'}</span> ·{' '}
          <When iso={entry.at} />
        </p>
        <MessageBody text={entry.text} quoted="" />
      </article>
    );
  }
  const mine = entry.direction === 'out';
  return (
    <>
      <article
        className={`rounded-lg border p-4 ${mine ? 'border-sky-200 bg-white sm:ml-8' : 'border-emerald-200 bg-white sm:mr-8'}`}
      >
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
          <MessageTags entry={entry} />
          <span className="font-medium text-ink">{entry.authorName || entry.authorEmail}</span>
          <span>
            · <When iso={entry.at} />
          </span>
        </p>
        <SenderDoubts entry={entry} />
        <MessageBody text={entry.text} quoted={entry.quotedText} />
        <MessageFiles leadId={leadId} files={entry.files} />
        {mine && entry.delivery && (
          <p className="mt-2 text-sm text-slate-600">{deliveryText(entry.delivery)}</p>
        )}
        {entry.bouncedAt && (
          <p className="mt-2 text-sm font-medium text-red-800">
            Not delivered: a delivery report came back <When iso={entry.bouncedAt} />.
          </p>
        )}
      </article>
      <FileNotes notes={entry.fileNotes} mine={mine} />
    </>
  );
}
