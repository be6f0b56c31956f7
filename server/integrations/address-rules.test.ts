import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { REFUSED_ONLY_WHEN_SENT } from '../test/special-addresses.ts';
import { isPublicAddress } from './address-rules.ts';

/** One address in each range of IPv4 and IPv6 that ipaddr.js (request-filtering-agent's rule) knows, and public ones. */
const SAMPLE = [
  ...REFUSED_ONLY_WHEN_SENT,
  '0.0.0.0',
  '255.255.255.255',
  '224.0.0.1',
  '169.254.1.1',
  '127.0.0.1',
  '100.64.0.1',
  '10.1.2.3',
  '172.16.0.1',
  '192.168.1.1',
  '192.0.2.1',
  '198.18.0.1',
  '198.51.100.1',
  '203.0.113.1',
  '240.0.0.1',
  '192.31.196.1',
  '192.52.193.1',
  '192.175.48.1',
  '192.88.99.1',
  '::',
  '::1',
  'fe80::1',
  'ff02::1',
  'fd00::1',
  '::ffff:10.0.0.1',
  '::ffff:93.184.216.34',
  '100::1',
  '64:ff9b::808:808',
  '2002::1',
  '2001::1',
  '2001:db8::1',
  '2001:3::1',
  '2001:4:112::1',
  '2001:10::1',
  '2001:20::1',
  '2001:30::1',
  '2620:4f:8000::1',
  '3fff::1',
  '::7f00:1',
  '93.184.216.34',
  '8.8.8.8',
  '1.1.1.1',
  '2606:4700::1111',
  '2a00:1450:4001::1',
  '2001:4860:4860::8888',
];

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

  it.each(REFUSED_ONLY_WHEN_SENT)('refuses %s, which only the send used to refuse', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('refuses an IPv4 address written as IPv6 (::ffff:…), public or not: the sender cannot connect to it', () => {
    expect(isPublicAddress('::ffff:93.184.216.34')).toBe(false);
  });

  it.each(['93.184.216.34', '2606:4700::1111', '2001:4860:4860::8888'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it("allows no address the sender's agent refuses: request-filtering-agent's rule (ipaddr.js's unicast) holds for every one", () => {
    const agentAllows = (address: string) => ipaddr.parse(address).range() === 'unicast';
    const disagree = SAMPLE.filter((address) => isPublicAddress(address) && !agentAllows(address));
    expect(disagree).toEqual([]);
    expect(SAMPLE.filter((address) => isPublicAddress(address)).length).toBeGreaterThanOrEqual(6);
  });
});
