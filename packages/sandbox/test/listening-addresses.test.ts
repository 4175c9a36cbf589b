// The banner lists the addresses the listening socket accepts: 0.0.0.0 is IPv4 only, :: both
// families (less IPv6 link-local addresses, which a URL cannot reach without a zone).
import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { listeningAddresses } from '../src/loopback.js';

const info = (address: string, family: 'IPv4' | 'IPv6') => ({ address, family }) as NetworkInterfaceInfo;
const interfaces = {
  lo: [info('127.0.0.1', 'IPv4'), info('::1', 'IPv6')],
  eth0: [info('192.0.2.2', 'IPv4'), info('fd00::2', 'IPv6'), info('fe80::fc:ff:fe00:1', 'IPv6')],
};

describe('listeningAddresses', () => {
  it('0.0.0.0: the IPv4 addresses only', () => {
    expect(listeningAddresses('0.0.0.0', interfaces)).toEqual(['127.0.0.1', '192.0.2.2']);
  });
  it('::: both families, without link-local IPv6', () => {
    expect(listeningAddresses('::', interfaces)).toEqual(['127.0.0.1', '::1', '192.0.2.2', 'fd00::2']);
    expect(listeningAddresses('[::]', interfaces)).toEqual(['127.0.0.1', '::1', '192.0.2.2', 'fd00::2']);
  });
  it('any other host: itself', () => {
    expect(listeningAddresses('192.0.2.2', interfaces)).toEqual(['192.0.2.2']);
  });
});
