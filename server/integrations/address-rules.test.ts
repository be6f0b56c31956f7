import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-rules.ts';

describe('which addresses an integration may call', () => {
  it.each(['::7f00:1', '::127.0.0.1', '::a00:5', '::10.0.0.5', '::c0a8:101', '::8.8.8.8', '::1', '::'])(
    'refuses the IPv4-compatible IPv6 address %s like loopback and private ones',
    (address) => {
      expect(isPublicAddress(address)).toBe(false);
    },
  );

  it.each(['127.0.0.1', '10.0.0.5', '::ffff:127.0.0.1', '::ffff:7f00:1', 'fe80::1', 'fd00::1'])(
    'refuses %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(false);
    },
  );

  it.each(['93.184.216.34', '2606:4700::1111', '::ffff:93.184.216.34'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});
