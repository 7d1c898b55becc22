/**
 * The watcher's lease on the store (its `watcher` table): across machines one watcher polls. It is
 * renewed before each source and before each write, so a round that outlives a minute (sixteen
 * sources, fifteen-second time-outs, news pages, webhooks) never polls or writes once another
 * watcher has taken it over. Each write also names this watcher as its fence, so the store refuses
 * it in the write's own transaction when the lease is another's (`LeaseLost`), and the round ends.
 */
import type { Store } from '../store/index.js';
import { LeaseLost } from '../store/index.js';

const LEASE_MS = 60_000;

/** How often an idle holder renews it: a third of its life, so one slow renewal does not lose it. */
export const RENEW_EVERY_MS = LEASE_MS / 3;

/** The lease went to another watcher: this one stops writing (the store refuses its fenced writes). */
export { LeaseLost };

/** Renews `holder`'s lease, or rejects with `LeaseLost` when another watcher holds it. */
export async function holdLease(store: Pick<Store, 'watcherLease'>, holder: string): Promise<void> {
  if (!(await store.watcherLease.lease(holder, LEASE_MS)))
    throw new LeaseLost('another watcher holds the lease');
}
