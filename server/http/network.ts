import ipaddr from 'ipaddr.js';

/**
 * The network a client address belongs to, as one key: its IPv4 /24 or its IPv6 /64 (an IPv4
 * address written as IPv6, `::ffff:a.b.c.d`, is the IPv4 one). One household, office or cloud
 * host usually has one such network, and many addresses within it.
 */
export function networkOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === 'ipv4') {
    const [a, b, c] = (parsed as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}
