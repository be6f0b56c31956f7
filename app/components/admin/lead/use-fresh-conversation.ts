import { useEffect, useState } from 'react';
import type { Conversation } from '../../../../common/inbox-api/conversation-endpoints';
import { inboxApi } from '../../../../common/inbox-api/endpoints';
import { callApi } from '../api';

/** The first wait before the conversation is read again, and the longest: the wait doubles in between. */
const FRESH_CONVERSATION_DELAYS = { firstMs: 2_000, maxMs: 30_000 } as const;

const isWaiting = (conversation: Conversation) =>
  conversation.entries.some((entry) => entry.type === 'message' && entry.delivery?.state === 'waiting');

/**
 * The lead's conversation as the page shows it: the loader's, read again while a reply is waiting to be
 * sent, so "Waiting to be sent." turns into "Sent." (or why not) without a reload. The first read comes
 * after 2 s, then after 4, 8, 16 and every 30 s, and stops once nothing waits. A read that fails
 * (the network, a signed-out session) is tried again at the next step; a new loader conversation (after
 * a reply is sent) starts over.
 */
export function useFreshConversation(leadId: number, conversation: Conversation): Conversation {
  const [fresh, setFresh] = useState<{ from: Conversation; latest: Conversation } | null>(null);
  const shown = fresh?.from === conversation ? fresh.latest : conversation;
  const waiting = isWaiting(shown);
  useEffect(() => {
    if (!waiting) return;
    let delay: number = FRESH_CONVERSATION_DELAYS.firstMs;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const latest = await callApi(inboxApi.conversations.show, { params: { id: String(leadId) } });
        if (stopped) return;
        setFresh({ from: conversation, latest });
        if (!isWaiting(latest)) return;
      } catch {
        // Not this time: the next step tries again.
      }
      if (stopped) return;
      delay = Math.min(delay * 2, FRESH_CONVERSATION_DELAYS.maxMs);
      timer = setTimeout(() => void read(), delay);
    };
    timer = setTimeout(() => void read(), delay);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waiting, conversation, leadId]);
  return shown;
}
