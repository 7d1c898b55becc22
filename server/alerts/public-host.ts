import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import { isPublicAddress } from './webhooks/address.js';

/** The push service's host is, or resolves to, an address that is not public: nothing is sent. */
export class NotPublic extends Error {
  override readonly name = 'NotPublic';
}

/** node's lookup, refusing a name with any address that is not public. */
export const publicLookup: LookupFunction = (host, options, callback) => {
  dns.lookup(host, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const closed = addresses.find((entry) => !isPublicAddress(entry.address));
    if (closed || addresses.length === 0)
      return callback(
        new NotPublic(`${host} resolves to ${closed?.address ?? 'nothing'}, not a public address`),
        '',
        0,
      );
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * Resolves when `url`'s host is a public address, or a name whose every address is public; rejects
 * with `NotPublic` when it is not, or with the resolver's error when the name does not resolve.
 */
export function checkPublicHost(url: URL): Promise<void> {
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) !== 0)
    return isPublicAddress(literal)
      ? Promise.resolve()
      : Promise.reject(new NotPublic(`${literal} is not a public address`));
  return new Promise((resolve, reject) =>
    publicLookup(literal, { all: true }, (error) => (error ? reject(error) : resolve())),
  );
}
