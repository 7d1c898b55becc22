/**
 * The watcher: each source polled on its own interval (./sources-file.ts), its sightings stored as
 * leads unless the ledger or the record answers them (./answered.ts), the curator told of each new
 * one (./tell-curator.ts). A source's fault (an answer it cannot read, a refusal, a time-out, a 429)
 * is one log line per source and cause, and a back-off for that source alone (./backoff.ts); the
 * others go on, and the watcher never stops for it. A source's state is saved only after its leads
 * are stored: when the store is down, the next poll reads the same items again, and a lead is
 * neither lost nor doubled (its key). Across machines one watcher polls: it holds the store's lease.
 */
import type { Logger } from 'pino';
import type { AlertStore, StoredLead } from '../alerts/store/index.js';
import type { Answered } from './answered.js';
import { backoffMs } from './backoff.js';
import type { PollContext } from './poll-source.js';
import { pollSource } from './poll-source.js';
import type { Validators } from './polite-client.js';
import { withPostWords } from './post-words.js';
import type { SourceEntry } from './sources-file.js';
import { intervalMs } from './sources-file.js';
import type { CuratorChannels } from './tell-curator.js';
import { hasChannel, tellCurator } from './tell-curator.js';

/** What the watcher keeps of a source between polls (the store's `lead_sources`). */
interface SourceState {
  readonly validators: Validators;
  readonly memory: unknown;
  readonly failures: number;
  readonly nextAt: number;
  /** The cause last logged, so one cause is one log line however often it recurs. */
  readonly cause: string | null;
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
  readonly reason?: string;
}

export interface WatcherOptions {
  readonly store: AlertStore;
  readonly sources: readonly SourceEntry[];
  readonly context: PollContext;
  readonly clock: () => number;
  /** The ledger and the record as they are now (read again each round: the curator edits them). */
  readonly answered: () => Promise<Answered>;
  readonly channels: CuratorChannels;
  readonly oembedOrigin?: string;
  readonly log: Logger;
  /** `host:pid:random`: this watcher, as the lease names it. */
  readonly holder: string;
  /** How often the watcher looks for due sources (ms). */
  readonly tickMs?: number;
}

const LEASE_MS = 60_000;

const waiting = (name: string): SourceSummary => ({
  name,
  outcome: 'waiting',
  leads: 0,
  known: 0,
  passed: 0,
});

export class Watcher {
  readonly #options: WatcherOptions;
  #timer: NodeJS.Timeout | null = null;
  #round: Promise<unknown> = Promise.resolve();
  #noChannelSaid = false;
  readonly #nextAt = new Map<string, number>();

  constructor(options: WatcherOptions) {
    this.#options = options;
  }

  /**
   * Polls the sources that are due (all of them with `all`, backed-off ones included), closes the
   * leads a published event cites, and tells the curator of every lead not yet told. Rejects only
   * when the store cannot be read at all.
   */
  async round(all = false): Promise<SourceSummary[]> {
    const { sources, clock, log } = this.#options;
    // When each source is next due, as this watcher last saved it: an idle tick reads nothing.
    const due = (source: SourceEntry) => all || (this.#nextAt.get(source.name) ?? 0) <= clock();
    if (!sources.some(due)) return sources.map((source) => waiting(source.name));
    const states = new Map<string, SourceState>();
    for (const source of sources.filter(due)) {
      const state = await this.#state(source.name);
      states.set(source.name, state);
      this.#nextAt.set(source.name, state.nextAt);
    }
    if (!sources.some(due)) return sources.map((source) => waiting(source.name));
    const answered = await this.#options.answered();
    const summaries: SourceSummary[] = [];
    for (const source of sources) {
      if (!due(source)) {
        summaries.push(waiting(source.name));
        continue;
      }
      try {
        summaries.push(await this.#poll(source, states.get(source.name)!, answered));
      } catch (error) {
        // The store failed mid-poll: the state stays as it was, so the next poll reads again.
        const reason = `the store failed: ${(error as Error).message}`;
        log.warn({ source: source.name, reason }, 'lead source not saved');
        summaries.push({ name: source.name, outcome: 'failed', leads: 0, known: 0, passed: 0, reason });
      }
    }
    await this.#close(answered);
    await this.#tellUntold();
    return summaries;
  }

  /** Starts polling on the sources' intervals, as the lease holder; `stop` ends it. */
  start(): void {
    let leasedAt = -Infinity;
    const tick = async () => {
      const { store, holder, log, clock } = this.#options;
      try {
        // The lease is renewed a third of its life before it ends, not on every tick.
        if (clock() - leasedAt >= LEASE_MS / 3) {
          if (!(await store.leaseWatcher(holder, LEASE_MS))) return;
          leasedAt = clock();
        }
        await this.round();
      } catch (error) {
        log.warn({ reason: (error as Error).message }, 'lead watcher round failed; it goes on');
      }
    };
    const schedule = () => {
      this.#timer = setTimeout(() => {
        this.#round = tick().finally(() => {
          if (this.#timer !== null) schedule();
        });
      }, this.#options.tickMs ?? 1_000);
    };
    this.#round = tick();
    schedule();
  }

  /** Stops polling once the round under way ends, and gives the lease up. */
  async stop(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#round.catch(() => undefined);
    await this.#options.store.releaseWatcher(this.#options.holder).catch(() => undefined);
  }

  async #state(name: string): Promise<SourceState> {
    const saved = await this.#options.store.sourceState(name);
    const fresh: SourceState = { validators: {}, memory: null, failures: 0, nextAt: 0, cause: null };
    if (saved === null) return fresh;
    try {
      return { ...fresh, ...(JSON.parse(saved) as Partial<SourceState>) };
    } catch {
      return fresh;
    }
  }

  async #poll(source: SourceEntry, state: SourceState, answered: Answered): Promise<SourceSummary> {
    const { store, clock, log, context } = this.#options;
    const polled = await pollSource(source, state.memory, state.validators, context);
    const now = clock();
    const save = async (next: Partial<SourceState>) => {
      const saved = { ...state, ...next };
      await store.saveSourceState(source.name, JSON.stringify(saved));
      this.#nextAt.set(source.name, saved.nextAt);
    };
    if (polled.kind === 'off') {
      if (state.cause !== polled.reason) log.info({ source: source.name }, polled.reason);
      await save({ cause: polled.reason, nextAt: now + intervalMs(source) });
      return { name: source.name, outcome: 'off', leads: 0, known: 0, passed: 0, reason: polled.reason };
    }
    if (polled.kind === 'failed') {
      const failures = state.failures + 1;
      const wait = polled.refused
        ? backoffMs(99, 0)
        : backoffMs(failures, intervalMs(source), polled.retryAfterMs);
      if (state.cause !== polled.reason)
        log.warn(
          { source: source.name, reason: polled.reason, retry_in_s: Math.round(wait / 1000) },
          'lead source failed',
        );
      await save({ failures, nextAt: now + wait, cause: polled.reason });
      return { name: source.name, outcome: 'failed', leads: 0, known: 0, passed: 0, reason: polled.reason };
    }
    if (state.cause !== null) log.info({ source: source.name }, 'lead source read again');
    const next = { failures: 0, nextAt: now + intervalMs(source), cause: null };
    if (polled.kind === 'unchanged') {
      await save(next);
      return { name: source.name, outcome: 'unchanged', leads: 0, known: 0, passed: 0 };
    }
    let leads = 0;
    let known = 0;
    for (const seen of polled.reading.sightings) {
      if (answered.has(seen)) {
        known += 1;
        continue;
      }
      const { sighting, failed } = await withPostWords(seen, context.client, this.#options.oembedOrigin);
      const words = failed
        ? `(the post's words could not be read through oEmbed: ${failed})`
        : sighting.words;
      const { lead, created } = await store.recordLead({ ...sighting, words, source: source.name });
      if (!created) {
        known += 1;
        continue;
      }
      leads += 1;
      log.info({ source: source.name, lead: lead.id, url: lead.url }, 'new lead');
      await this.#tell(lead);
    }
    await save({ ...next, validators: polled.validators, memory: polled.reading.memory });
    return { name: source.name, outcome: 'read', leads, known, passed: polled.reading.passed };
  }

  /** Answers the open leads that a published event now cites: the curator made them an event. */
  async #close(answered: Answered): Promise<void> {
    for (const lead of await this.#options.store.leads('open')) {
      const eventId = answered.eventCiting(lead.url, lead.postId);
      if (eventId !== null && (await this.#options.store.answerLead(lead.id, { eventId })))
        this.#options.log.info({ lead: lead.id, event: eventId }, 'lead closed: an event cites it');
    }
  }

  async #tellUntold(): Promise<void> {
    for (const lead of await this.#options.store.untoldLeads()) await this.#tell(lead);
  }

  async #tell(lead: StoredLead): Promise<void> {
    const { channels, store, clock, log } = this.#options;
    if (!hasChannel(channels)) {
      if (!this.#noChannelSaid)
        log.info('no curator channel (LEADS_WEBHOOK_URL, LEADS_EMAIL): leads wait in `npm run leads`');
      this.#noChannelSaid = true;
      return;
    }
    const refused = await tellCurator(lead, channels, clock());
    if (refused === null) await store.markTold(lead.id);
    else log.warn({ lead: lead.id, reason: refused }, 'curator not told; told again next round');
  }
}
