/**
 * Addresses a webhook's save once accepted and its send then refused, each in a range that is not
 * public unicast: site-local (fec0::/10), NAT64 local-use (64:ff9b:1::/48), IPv4-translated
 * (::ffff:0:0:0/96), benchmarking (2001:2::/48), segment routing (5f00::/16).
 */
export const REFUSED_ONLY_WHEN_SENT = [
  'fec0::1',
  '64:ff9b:1::7f00:1',
  '::ffff:0:a00:1',
  '2001:2::1',
  '5f00::1',
] as const;
