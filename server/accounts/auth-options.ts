import type { Redis } from '../security/redis-client.ts';
import type { AccountRepository } from './account-repository.ts';
import type { ActivityLog } from './activity-log.ts';
import type { Ceremonies } from './ceremonies.ts';
import type { SessionRepository } from './session-repository.ts';

/**
 * What the sign-in, session and passkey routes work with (auth-routes.ts, auth-session.ts,
 * passkey-routes.ts): a file of its own, so that those three need not import each other for it.
 */
export interface AuthRoutesOptions {
  accounts: AccountRepository;
  sessions: SessionRepository;
  ceremonies: Ceremonies;
  activity: ActivityLog;
  timeZone: string;
  /**
   * Failed sign-ins and invitation acceptances per client address (and window); every request of
   * the public routes is limited to PUBLIC_REQUESTS_PER_ATTEMPT (auth-routes.ts) times as many.
   */
  signInLimit: { max: number; windowMs: number };
  /** REDIS_URL's client: the sign-in limits are shared by every instance (and sign-in needs it). */
  redis?: Redis | undefined;
  now: () => Date;
}
