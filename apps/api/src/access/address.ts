import { isIPv4, isIPv6 } from 'node:net';

/**
 * A client's address as the access log and the account activity keep it: IPv4 truncated to its /24
 * (`203.0.113.0/24`), IPv6 to its /48 (`2001:db8:1::/48`), an IPv4-mapped IPv6 address as the IPv4 it carries.
 * Enough to tell a practice's network from a stranger's, not enough to name a device (LGPD's minimisation).
 */
export function truncateAddress(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const v4 = mapped ? mapped[1]! : ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return null;
  const [head = '', tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  const prefix = groups.slice(0, 3).map((g) => parseInt(g || '0', 16).toString(16));
  return `${prefix.join(':')}::/48`;
}
