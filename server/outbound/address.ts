/**
 * Which IP addresses a webhook or a push message may be sent to: only public unicast ones, so that a
 * URL a user registers cannot make the server call itself, its network or its cloud's metadata
 * service (SSRF).
 *
 * `ipaddr.js` names every special range of the IANA registries (`range()`); anything it names is
 * refused, its `unicast` alone is public: loopback, private (RFC 1918), link-local (169.254/16,
 * fe80::/10, where metadata services listen), CGNAT (100.64/10), multicast, broadcast, unspecified,
 * reserved, documentation, benchmarking, unique-local (fc00::/7), and the transition forms (6to4,
 * Teredo, NAT64, IPv4-translated) whose real destination is another address. An IPv6 address must
 * also lie in 2000::/3, the only global unicast space allocated, which leaves out the deprecated
 * IPv4-compatible form (`::127.0.0.1`) and every unassigned block. An IPv4-mapped IPv6 address
 * (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries.
 */
import ipaddr from 'ipaddr.js';

const globalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');

/** `::ffff:a.b.c.d`: the one IPv6 text with a dotted IPv4 taken (ipaddr.js reads `::a.b.c.d` so too). */
const MAPPED_DOTTED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/**
 * Whether `address` (as `dns.lookup` gives it: dotted IPv4 or IPv6 text) is a public unicast
 * address a webhook or a push message may reach. Anything else, text that is no address in its usual form included
 * (`127.1`, `0x7f000001`, a zone id), is not public.
 */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  const dotted = MAPPED_DOTTED.exec(address)?.[1];
  if (dotted !== undefined) return isPublicAddress(dotted);
  if (address.includes(':') && address.includes('.')) return false;
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) parsed = ipaddr.IPv4.parse(address);
  else if (ipaddr.IPv6.isValid(address)) parsed = ipaddr.IPv6.parse(address);
  else return false;
  if (parsed.kind() === 'ipv6') {
    const ipv6 = parsed as ipaddr.IPv6;
    if (ipv6.zoneId !== undefined) return false;
    if (ipv6.isIPv4MappedAddress()) parsed = ipv6.toIPv4Address();
    else if (!ipv6.match(globalUnicast)) return false;
  }
  return parsed.range() === 'unicast';
}
