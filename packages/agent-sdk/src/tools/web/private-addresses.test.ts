import { describe, expect, it } from 'vitest';
import { addressOfHost, isPrivateAddress } from './private-addresses.js';

describe('private addresses', () => {
  it('refuses loopback, private, link-local, metadata and unique local ranges', () => {
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.8',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      '::',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
  });

  it('lets public addresses through', () => {
    for (const address of [
      '93.184.216.34',
      '172.32.0.1',
      '8.8.8.8',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
    ])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it("reads a URL's hostname as an address only when it is one", () => {
    expect(addressOfHost('[::1]')).toBe('::1');
    expect(addressOfHost('127.0.0.1')).toBe('127.0.0.1');
    expect(addressOfHost('example.com')).toBeUndefined();
  });
});
