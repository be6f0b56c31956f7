/**
 * What pressing Retry on one email did: queued it again, or nothing, because
 * there is no such email, a worker is sending it right now, it was sent, or
 * it was withdrawn.
 */
export type RetryOutcome = 'queued' | 'missing' | 'sending' | 'sent' | 'cancelled';

const reasons: Record<Exclude<RetryOutcome, 'queued'>, string> = {
  missing: 'does not exist (any more)',
  sending: 'is being sent right now',
  sent: 'was sent already',
  cancelled: 'was withdrawn (it is no longer to be sent)',
};

/** Why nothing was retried, in a sentence for whoever pressed Retry (the inbox or the command line). */
export function nothingToRetry(id: number, outcome: Exclude<RetryOutcome, 'queued'>): string {
  return `Email ${id} ${reasons[outcome]}: nothing to retry.`;
}
