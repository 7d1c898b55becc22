/**
 * The address checks of every request the alerts send to a host a user named (a push service, a
 * webhook target): an IP literal is judged as it is, a name by every address it resolves to, and the
 * connection goes only to an address that was checked, so no second resolution can answer otherwise
 * (DNS rebinding).
 */
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import { isPublicAddress } from './address.js';

/** The host is, or resolves to, an address that is not public: nothing is sent. */
export class NotPublic extends Error {
  override readonly name = 'NotPublic';
}

/** The first of `addresses` that is not public, if any. */
export function firstNotPublic<T extends { readonly address: string }>(
  addresses: readonly T[],
): T | undefined {
  return addresses.find((entry) => !isPublicAddress(entry.address));
}

/** `NotPublic` when `url`'s host is an IP literal that is not public; undefined for a name. */
export function literalNotPublic(url: URL): NotPublic | undefined {
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  return net.isIP(literal) !== 0 && !isPublicAddress(literal)
    ? new NotPublic(`${literal} is not a public address`)
    : undefined;
}

/** node's lookup, refusing a name with any address that is not public. */
export const publicLookup: LookupFunction = (host, options, callback) => {
  dns.lookup(host, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const closed = firstNotPublic(addresses);
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

/** node's lookup, answering every question with the address already checked. */
export function pinnedLookup(checked: { readonly address: string; readonly family: number }): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, [{ address: checked.address, family: checked.family }]);
    else callback(null, checked.address, checked.family);
  };
}

/**
 * Resolves when `url`'s host is a public address, or a name whose every address is public; rejects
 * with `NotPublic` when it is not, or with the resolver's error when the name does not resolve.
 */
export function checkPublicHost(url: URL): Promise<void> {
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) !== 0) {
    const refused = literalNotPublic(url);
    return refused ? Promise.reject(refused) : Promise.resolve();
  }
  return new Promise((resolve, reject) =>
    publicLookup(literal, { all: true }, (error) => (error ? reject(error) : resolve())),
  );
}
