import type { Store, StoreParts } from '../../server/store/index.js';

/** Every part a store has (server/store/types.ts `Store`). */
const PART_NAMES = [
  'subscriptions',
  'webhooks',
  'emails',
  'ledger',
  'deliveries',
  'claims',
  'senderLease',
  'watcherLease',
  'leads',
] as const satisfies readonly (keyof StoreParts)[];

/** What a wrapped store does with each call: `name` the method's, `call` makes it on the real store. */
export type CallWrap = (
  name: string,
  args: readonly unknown[],
  call: () => Promise<unknown>,
) => Promise<unknown>;

/**
 * `store` with each call of every part's methods, and of `prune`, made through `wrap`: an engine that
 * answers late, or goes away and comes back. `close` and the parts' fields are the store's own.
 */
export function wrapStore(store: Store, wrap: CallWrap): Store {
  const parts = Object.fromEntries(
    PART_NAMES.map((part) => [
      part,
      new Proxy(store[part], {
        get(target, name) {
          const value: unknown = Reflect.get(target, name);
          if (typeof value !== 'function') return value;
          const method = value as (...args: unknown[]) => Promise<unknown>;
          return (...args: unknown[]) => wrap(String(name), args, () => method.apply(target, args));
        },
      }),
    ]),
  );
  return { ...store, ...parts, prune: () => wrap('prune', [], () => store.prune()) } as Store;
}

/**
 * A store whose every read and write fails, as an engine over the network does when it is down: each
 * part's methods return rejected promises naming the method.
 */
export function failingStore(): Store {
  const down = (name: string) => () => Promise.reject(new Error(`the store is down (${name})`));
  const failing = new Proxy(
    {},
    { get: (_target, name) => (name === 'then' ? undefined : down(String(name))) },
  );
  const parts = Object.fromEntries(PART_NAMES.map((part) => [part, failing])) as unknown as StoreParts;
  return { version: 0, ...parts, prune: down('prune'), close: () => Promise.resolve() };
}
