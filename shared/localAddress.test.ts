import { describe, expect, it } from 'vitest';
import { isIpAddress, isLocalAddress } from './localAddress';

describe('addresses that are this machine or its networks', () => {
  it('IPv4: loopback (all of 127/8), unspecified, private, link-local, carrier-grade NAT, multicast and reserved', () => {
    for (const a of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '224.0.0.251',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
    ])
      expect(isLocalAddress(a), a).toBe(true);
    for (const a of [
      '8.8.8.8',
      '1.1.1.1',
      '172.15.0.1',
      '172.32.0.1',
      '100.63.255.255',
      '100.128.0.1',
      '169.253.1.1',
      '223.255.255.255',
      '11.0.0.1',
    ])
      expect(isLocalAddress(a), a).toBe(false);
  });

  it('IPv6: loopback, unspecified, unique local, link-local (with a zone), site-local, multicast, in any spelling, bracketed or not', () => {
    for (const a of [
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      '::',
      'fc00::1',
      'fd12:3456:789a::1',
      'fe80::1',
      'fe80::1%eth0',
      'FEBF::1',
      'fec0::1',
      'ff02::1',
      '64:ff9b:1::1',
    ])
      expect(isLocalAddress(a), a).toBe(true);
    for (const a of [
      '2001:4860:4860::8888',
      '2606:4700:4700::1111',
      'fbff::1',
      'fe7f::1',
      '2a00:1450:4001:80b::200e',
    ])
      expect(isLocalAddress(a), a).toBe(false);
  });

  it('an IPv4 address carried in IPv6 (mapped, NAT64, 6to4) is judged by that address', () => {
    for (const a of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '[::ffff:192.168.1.1]',
      '0:0:0:0:0:ffff:a00:1',
      '64:ff9b::169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      '2002:c0a8:101::1',
      '::127.0.0.1',
      // The deprecated IPv4-compatible form is refused whatever it carries: nothing public uses it.
      '::8.8.8.8',
    ])
      expect(isLocalAddress(a), a).toBe(true);
    for (const a of ['::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::8.8.8.8', '2002:808:808::1'])
      expect(isLocalAddress(a), a).toBe(false);
  });

  it('names and malformed text are not addresses (whoever resolves a name judges what it resolves to)', () => {
    for (const t of [
      'localhost',
      'example.com',
      '127.0.0.1.nip.io',
      '1.2.3',
      '256.1.1.1',
      '1::2::3',
      '12345::',
      '::ffff:1.2.3.256',
      '',
      ':',
    ])
      expect([t, isIpAddress(t), isLocalAddress(t)]).toEqual([t, false, false]);
    for (const t of ['1.2.3.4', '::', '[2001:db8::1]', '::ffff:1.2.3.4', '1:2:3:4:5:6:7:8', 'fe80::1%en0'])
      expect([t, isIpAddress(t)]).toEqual([t, true]);
  });
});
