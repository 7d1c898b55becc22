/**
 * What the watcher (./watcher.ts) keeps of each source between polls, in the store's
 * `lead_sources` (its validators, its reader's memory, its back-off, when it last changed), and what
 * a poll of it reports.
 */
import type { Store } from '../store/index.js';
import type { Validators } from './polite-client.js';
import type { Sighting } from './read/types.js';

/** What the watcher keeps of a source between polls (the store's `lead_sources`). */
export interface SourceState {
  readonly validators: Validators;
  readonly memory: unknown;
  readonly failures: number;
  readonly nextAt: number;
  /** The cause last logged, so one cause is one log line however often it recurs. */
  readonly cause: string | null;
  /** When its answers last changed (a new memory, a lead): a quiet source is asked less often. */
  readonly changedAt: number | null;
  /** A poll's sightings not stored yet (past its bound of new leads): stored in the next rounds. */
  readonly deferred: readonly Sighting[];
  /** When the source itself is asked again (`nextAt` comes sooner while sightings are deferred). */
  readonly pollAt: number;
}

export interface SourceSummary {
  readonly name: string;
  readonly outcome: 'read' | 'unchanged' | 'failed' | 'off' | 'waiting';
  /** New leads stored. */
  readonly leads: number;
  /** Sightings the ledger, the record or an earlier lead already held. */
  readonly known: number;
  /** Items that were no lead (nothing about usage, or seen before). */
  readonly passed: number;
  /** New sightings left for the next rounds (the bound of new leads a poll makes). */
  readonly deferred?: number;
  readonly reason?: string;
}

const FRESH: SourceState = {
  validators: {},
  memory: null,
  failures: 0,
  nextAt: 0,
  cause: null,
  changedAt: null,
  deferred: [],
  pollAt: 0,
};

/** A source's state as the store holds it; a fresh one when there is none or it cannot be read. */
export async function readSourceState(store: Pick<Store, 'leads'>, name: string): Promise<SourceState> {
  const saved = await store.leads.sourceState(name);
  if (saved === null) return FRESH;
  try {
    return { ...FRESH, ...(JSON.parse(saved) as Partial<SourceState>) };
  } catch {
    return FRESH;
  }
}

/** A source not due this round. */
export const waiting = (name: string): SourceSummary => ({
  name,
  outcome: 'waiting',
  leads: 0,
  known: 0,
  passed: 0,
});
