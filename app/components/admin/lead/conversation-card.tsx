import type { Conversation, SavedReplyEntry } from '../../../../common/inbox-api/conversation-endpoints';
import { Card } from './card';
import { ConversationItem } from './conversation-entry';
import { ReplyForm } from './reply-form';
import { useFreshConversation } from './use-fresh-conversation';

/**
 * The lead's conversation: the request, replies, answers and notes (internal) in time order, then the
 * Reply field. Without IMAP_URL, it says where the client's answers go.
 */
export function ConversationCard({
  lead,
  conversation,
  savedReplies,
}: {
  lead: { id: number; name: string; reference: string; email: string; spam: boolean };
  conversation: Conversation;
  savedReplies: readonly SavedReplyEntry[];
}) {
  // Read again while a reply waits to be sent, so its state changes without a reload.
  conversation = useFreshConversation(lead.id, conversation);
  return (
    <Card title="Conversation">
      {!conversation.mailboxConnected && (
        <p className="mb-4 rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
          The client’s answers reach the company mailbox, not this page, until a mailbox is connected
          (IMAP_URL).
        </p>
      )}
      <ol className="space-y-3" aria-label="Messages, oldest first">
        {conversation.entries.map((entry) => (
          <li key={entry.type === 'request' ? 'request' : `${entry.type}-${entry.id}`}>
            <ConversationItem leadId={lead.id} entry={entry} />
          </li>
        ))}
      </ol>
      <div className="mt-6 border-t border-slate-200 pt-5">
        <ReplyForm
          lead={lead}
          savedReplies={savedReplies}
          disabledReason={
            lead.spam ? 'This lead is marked as spam: mark it as not spam to answer it.' : undefined
          }
        />
      </div>
    </Card>
  );
}
