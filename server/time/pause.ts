/**
 * Resolves after `ms`: the wait inside one task (a busy database's retry, a drain before closing), never
 * a schedule (scheduled work is a job of the runner, server/jobs/).
 */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
