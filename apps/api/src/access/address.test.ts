import { describe, expect, it } from 'vitest';
import { truncateAddress } from './address.js';

describe('truncateAddress', () => {
  it('keeps an IPv4 /24', () => {
    expect(truncateAddress('203.0.113.77')).toBe('203.0.113.0/24');
    expect(truncateAddress('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
  });
  it('keeps an IPv6 /48', () => {
    expect(truncateAddress('2001:db8:1234:5678::1')).toBe('2001:db8:1234::/48');
    expect(truncateAddress('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(truncateAddress('::1')).toBe('0:0:0::/48');
    expect(truncateAddress('2001:0DB8:00aa:ffff:1:2:3:4')).toBe('2001:db8:aa::/48');
  });
  it('keeps nothing it cannot read', () => {
    expect(truncateAddress(undefined)).toBeNull();
    expect(truncateAddress('nonsense')).toBeNull();
  });
});
