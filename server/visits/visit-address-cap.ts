import { clientKey } from '../security/client-address.ts';

/** New visitors an address may bring a day: an office behind one NAT is still several people. */
const VISITORS_PER_ADDRESS = 20;
/** Addresses remembered a day; past them the day's list starts again (see below). */
const ADDRESSES_KEPT = 50_000;

/** A user agent's 32-bit FNV-1a hash: enough to tell an address's few browsers apart. */
function agentHash(userAgent: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < userAgent.length; at += 1) {
    hash = Math.imul(hash ^ userAgent.charCodeAt(at), 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The cap on new visitors per address and day: an address (an IPv6 one by its /64, the network of a
 * household or office) brings at most VISITORS_PER_ADDRESS user agents as visitors; its views with
 * any further user agent are one more visitor, "the rest of that address". So one address sending
 * 200 user agents counts as 21 visitors, not 200. Its memory is bounded: at most ADDRESSES_KEPT
 * addresses a day, each with at most VISITORS_PER_ADDRESS small numbers; when full, the list starts
 * again (a visitor already admitted keeps its identity, so no one is counted twice; an address past
 * its cap may bring up to VISITORS_PER_ADDRESS more, which takes as many other addresses to cause).
 */
export function createAddressCap(perAddress = VISITORS_PER_ADDRESS, addressesKept = ADDRESSES_KEPT) {
  const days = new Map<string, Map<string, number[]>>();
  return {
    /** The user agent to hash as the visitor: its own while under the cap, "" (the rest) past it. */
    agentOf(day: string, address: string, userAgent: string): { address: string; userAgent: string } {
      let seen = days.get(day);
      if (!seen) days.set(day, (seen = new Map()));
      const key = clientKey(address);
      let agents = seen.get(key);
      if (!agents) {
        if (seen.size >= addressesKept) seen.clear();
        seen.set(key, (agents = []));
      }
      const hash = agentHash(userAgent);
      if (agents.includes(hash)) return { address, userAgent };
      if (agents.length < perAddress) {
        agents.push(hash);
        return { address, userAgent };
      }
      return { address: key, userAgent: '' };
    },
    /** Forgets the days before `day`. */
    forgetBefore(day: string) {
      for (const known of days.keys()) if (known < day) days.delete(known);
    },
    /** How many addresses and user agents it holds (for the memory test). */
    held(): { addresses: number; agents: number } {
      let addresses = 0;
      let agents = 0;
      for (const seen of days.values()) {
        addresses += seen.size;
        for (const list of seen.values()) agents += list.length;
      }
      return { addresses, agents };
    },
  };
}
