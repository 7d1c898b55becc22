/**
 * The watcher: each source polled on its own interval (./sources-file.ts), its sightings stored as
 * leads unless the ledger or the record answers them (./answered.ts), the curator told of each new
 * one (./tell-curator.ts). A source's fault (an answer it cannot read, a refusal, a time-out, a 429)
 * is one log line per source and cause, and a back-off for that source alone (./backoff.ts); the
 * others go on, and the watcher never stops for it. A source's state is saved only after its leads
 * are stored: when the store is down, the next poll reads the same items again, and a lead is
 * neither lost nor doubled (its key). Across machines one watcher polls: it holds the store's lease,
 * renewed before each source and each write (./lease.ts).
 */
import { setTimeout } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Store } from '../store/index.js';
import type { Answered } from './answered.js';
import { backoffMs } from './backoff.js';
import { LeaseLost, RENEW_EVERY_MS, holdLease } from './lease.js';
import type { PollContext } from './poll-source.js';
import { pollSource } from './poll-source.js';
import type { SourceState, SourceSummary } from './source-state.js';
import { readSourceState, waiting } from './source-state.js';
import type { Sighting } from './read/types.js';
import type { Stored } from './store-sightings.js';
import { DEFERRED_KEPT, deferring, storeSightings } from './store-sightings.js';
import type { SourceEntry } from './sources-file.js';
import { intervalMs, pollIntervalMs } from './sources-file.js';
import type { CuratorChannels } from './tell-curator.js';
import { LEADS_PER_DIGEST, hasChannel, tellCurator } from './tell-curator.js';

export interface WatcherOptions {
  readonly store: Pick<Store, 'leads' | 'watcherLease'>;
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
  /** How long the watcher rests between rounds (ms); a second unless a test gives another. */
  readonly tickMs?: number;
  /** Waits `ms` or until `signal` aborts: node's timer unless a test gives a clock of its own. */
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** The longest a failing round waits before the next. */
const LONGEST_PAUSE_MS = 60_000;

const wait = (ms: number, signal: AbortSignal): Promise<void> => setTimeout(ms, undefined, { signal });

export class Watcher {
  readonly #options: WatcherOptions;
  #loop: Promise<void> | null = null;
  #stopping: AbortController | null = null;
  /** A source whose poll the store failed: when it is due again, kept here as the store could not. */
  readonly #storeBackoff = new Map<string, { failures: number; nextAt: number }>();
  #noChannelSaid = false;
  readonly #nextAt = new Map<string, number>();

  constructor(options: WatcherOptions) {
    this.#options = options;
  }

  /**
   * Polls the sources that are due (all of them with `all`, backed-off ones included), closes the
   * leads a published event cites, and tells the curator of every lead not yet told. Rejects
   * when the store or the ledger cannot be read, and with `LeaseLost` once another watcher holds the
   * lease (nothing more is polled or written). With `signal` aborted, the sources not yet polled wait.
   */
  async round(all = false, signal?: AbortSignal): Promise<SourceSummary[]> {
    const { sources, clock, log } = this.#options;
    // When each source is next due, as this watcher last saved it: an idle tick reads nothing.
    const due = (source: SourceEntry) => all || (this.#nextAt.get(source.name) ?? 0) <= clock();
    if (!sources.some(due)) return sources.map((source) => waiting(source.name));
    const states = new Map<string, SourceState>();
    for (const source of sources.filter(due)) {
      const state = await readSourceState(this.#options.store, source.name);
      states.set(source.name, state);
      this.#nextAt.set(source.name, Math.max(state.nextAt, this.#storeBackoff.get(source.name)?.nextAt ?? 0));
    }
    if (!sources.some(due)) return sources.map((source) => waiting(source.name));
    const answered = await this.#options.answered();
    const summaries: SourceSummary[] = [];
    for (const source of sources) {
      if (!due(source) || signal?.aborted) {
        summaries.push(waiting(source.name));
        continue;
      }
      // Renewed before each source: a round may outlive the lease's minute.
      await holdLease(this.#options.store, this.#options.holder);
      try {
        summaries.push(await this.#poll(source, states.get(source.name)!, answered, signal));
        this.#storeBackoff.delete(source.name);
      } catch (error) {
        if (error instanceof LeaseLost) throw error;
        // The store failed mid-poll: the state stays as it was, so the next poll reads again, after
        // a back-off kept here (the store could not keep it), not on the next tick.
        const failures = (this.#storeBackoff.get(source.name)?.failures ?? 0) + 1;
        const nextAt = clock() + backoffMs(failures, intervalMs(source));
        this.#storeBackoff.set(source.name, { failures, nextAt });
        this.#nextAt.set(source.name, nextAt);
        const reason = `the store failed: ${(error as Error).message}`;
        log.warn({ source: source.name, reason }, 'lead source not saved');
        summaries.push({ name: source.name, outcome: 'failed', leads: 0, known: 0, passed: 0, reason });
      }
    }
    // Stopping: the curator is told by the next round, of this watcher or another.
    if (signal?.aborted) return summaries;
    await this.#close(answered);
    await this.#tellUntold();
    return summaries;
  }

  /**
   * Polls as the lease holder until `stop`: one round at a time, the next a tick after the last one
   * ended. A round that fails (the store, the ledger) waits longer each time, up to a minute.
   */
  start(): void {
    if (this.#loop !== null) return;
    const { log } = this.#options;
    const tickMs = this.#options.tickMs ?? 1_000;
    const sleep = this.#options.sleep ?? wait;
    const stopping = new AbortController();
    this.#stopping = stopping;
    this.#loop = (async () => {
      let failures = 0;
      let cause: string | null = null;
      let renewedAt = -Infinity;
      while (!stopping.signal.aborted) {
        let pause = tickMs;
        try {
          // Held, it is renewed every 20 s while idle (and before each source and write of a
          // round); not held, it is asked for every tick, to take over soon after a holder stops.
          if (this.#options.clock() - renewedAt >= RENEW_EVERY_MS) {
            renewedAt = -Infinity;
            await holdLease(this.#options.store, this.#options.holder);
            renewedAt = this.#options.clock();
          }
          await this.round(false, stopping.signal);
          failures = 0;
          cause = null;
        } catch (error) {
          const reason = (error as Error).message;
          if (error instanceof LeaseLost) {
            renewedAt = -Infinity;
            if (cause !== reason) log.debug('lead watcher waits: another watcher holds the lease');
          } else {
            failures += 1;
            pause = Math.min(LONGEST_PAUSE_MS, tickMs * 2 ** failures);
            if (cause !== reason) log.warn({ reason }, 'lead watcher round failed; it goes on');
          }
          cause = reason;
        }
        await sleep(pause, stopping.signal).catch(() => undefined);
      }
    })();
  }

  /**
   * Stops polling: the requests in flight are ended, no further source of the round under way is
   * polled (what was being read is saved as it was, read again by the next watcher), and the lease
   * is given up. The client is the watcher's own: it is stopped for good.
   */
  async stop(): Promise<void> {
    this.#stopping?.abort();
    this.#options.context.client.stop();
    await this.#loop;
    this.#loop = null;
    this.#stopping = null;
    await this.#options.store.watcherLease.release(this.#options.holder).catch(() => undefined);
  }

  /**
   * `write` once the lease is renewed, fenced by this watcher's name: the store makes it only while
   * this watcher holds the lease, in the write's own transaction.
   */
  async #fenced<T>(write: (fence: string) => Promise<T>): Promise<T> {
    await holdLease(this.#options.store, this.#options.holder);
    return await write(this.#options.holder);
  }

  async #poll(
    source: SourceEntry,
    state: SourceState,
    answered: Answered,
    signal?: AbortSignal,
  ): Promise<SourceSummary> {
    const { store, clock, log, context } = this.#options;
    const save = async (next: Partial<SourceState>) => {
      const saved = { ...state, ...next };
      await this.#fenced((fence) => store.leads.saveSourceState(source.name, JSON.stringify(saved), fence));
      this.#nextAt.set(source.name, saved.nextAt);
    };
    const read = (outcome: 'read' | 'unchanged', stored: Stored, passed: number): SourceSummary => ({
      name: source.name,
      outcome,
      leads: stored.created.length,
      known: stored.known,
      passed,
      ...(stored.deferred.length > 0 && { deferred: stored.deferred.length }),
    });
    // What an earlier poll deferred is stored before the source itself is asked again.
    if (state.deferred.length > 0 && clock() < state.pollAt) {
      const stored = await this.#store(source, state.deferred, answered, signal);
      await save(deferring(stored, state.pollAt, clock()));
      return read('read', stored, 0);
    }
    const polled = await pollSource(source, state.memory, state.validators, context);
    // Its request ended by a stop: nothing is saved, and the source is no worse for it.
    if (signal?.aborted && polled.kind === 'failed') return waiting(source.name);
    const now = clock();
    if (polled.kind === 'off') {
      if (state.cause !== polled.reason) log.info({ source: source.name }, polled.reason);
      await save({
        cause: polled.reason,
        nextAt: now + intervalMs(source),
        pollAt: now + intervalMs(source),
      });
      return { name: source.name, outcome: 'off', leads: 0, known: 0, passed: 0, reason: polled.reason };
    }
    if (polled.kind === 'failed') {
      const failures = state.failures + 1;
      const wait = polled.refused
        ? backoffMs(99, 0)
        : backoffMs(failures, intervalMs(source), polled.retryAfterMs);
      if (state.cause !== polled.reason)
        log.warn(
          {
            source: source.name,
            reason: polled.reason,
            ...(polled.detail !== undefined && { detail: polled.detail }),
            retry_in_s: Math.round(wait / 1000),
          },
          'lead source failed',
        );
      await save({ failures, nextAt: now + wait, pollAt: now + wait, cause: polled.reason });
      return { name: source.name, outcome: 'failed', leads: 0, known: 0, passed: 0, reason: polled.reason };
    }
    if (state.cause !== null) log.info({ source: source.name }, 'lead source read again');
    if (polled.kind === 'read' && polled.note !== undefined) log.warn({ source: source.name }, polled.note);
    const quietSince = state.changedAt ?? now;
    const next = { failures: 0, nextAt: now + pollIntervalMs(source, now - quietSince), cause: null };
    const fresh = polled.kind === 'read' ? polled.reading.sightings : [];
    const stored = await this.#store(source, [...state.deferred, ...fresh], answered, signal);
    if (polled.kind === 'unchanged') {
      await save({ ...next, ...deferring(stored, next.nextAt, now), changedAt: quietSince });
      return read('unchanged', stored, 0);
    }
    const changed =
      stored.created.length > 0 || JSON.stringify(polled.reading.memory) !== JSON.stringify(state.memory);
    const regular = changed ? { nextAt: now + intervalMs(source), failures: 0, cause: null } : next;
    await save({
      ...regular,
      ...deferring(stored, regular.nextAt, now),
      changedAt: changed ? now : quietSince,
      validators: polled.validators,
      memory: polled.reading.memory,
    });
    return read('read', stored, polled.reading.passed);
  }

  /** Stores `sightings` of `source` as leads, at most a poll's bound of new ones (./store-sightings.ts). */
  async #store(
    source: SourceEntry,
    sightings: readonly Sighting[],
    answered: Answered,
    signal: AbortSignal | undefined,
  ): Promise<Stored> {
    const stored = await storeSightings(sightings, {
      source: source.name,
      store: this.#options.store,
      answered,
      client: this.#options.context.client,
      ...(this.#options.oembedOrigin !== undefined && { oembedOrigin: this.#options.oembedOrigin }),
      fenced: (write) => this.#fenced(write),
      ...(signal !== undefined && { signal }),
    });
    for (const lead of stored.created)
      this.#options.log.info({ source: source.name, lead: lead.id, url: lead.url }, 'new lead');
    if (stored.deferred.length > DEFERRED_KEPT)
      this.#options.log.warn(
        { source: source.name, dropped: stored.deferred.length - DEFERRED_KEPT },
        'lead source named more new items than are kept for later rounds',
      );
    return stored;
  }

  /** Answers the open leads that a published event now cites: the curator made them an event. */
  async #close(answered: Answered): Promise<void> {
    for (const lead of await this.#options.store.leads.leads('open')) {
      // A change of a page an event cites (a promotion extended) is news for that event: it stays.
      if (lead.key.startsWith(`${lead.url}#`)) continue;
      const eventId = answered.eventCiting(lead.url, lead.postId);
      if (
        eventId !== null &&
        (await this.#fenced((fence) => this.#options.store.leads.answerLead(lead.id, { eventId }, fence)))
      )
        this.#options.log.info({ lead: lead.id, event: eventId }, 'lead closed: an event cites it');
    }
  }

  /** Tells the curator of the leads not told yet: one digest a round, whatever their number. */
  async #tellUntold(): Promise<void> {
    const { channels, store, clock, log } = this.#options;
    if (!hasChannel(channels)) {
      if (!this.#noChannelSaid)
        log.info('no curator channel (LEADS_WEBHOOK_URL, LEADS_EMAIL): leads wait in `npm run leads`');
      this.#noChannelSaid = true;
      return;
    }
    const leads = (await store.leads.untoldLeads()).slice(0, LEADS_PER_DIGEST);
    if (leads.length === 0) return;
    const refused = await tellCurator(leads, channels, clock());
    if (refused === null)
      for (const lead of leads) await this.#fenced((fence) => store.leads.markTold(lead.id, fence));
    else
      log.warn(
        { leads: leads.map((lead) => lead.id), reason: refused },
        'curator not told; told again next round',
      );
  }
}
