import type { Catalog, PublishedContent } from '../../domain/catalog.js';
import { catalogSteps, recordCheckSteps } from '../../domain/catalog.js';
import type { ContentProblem } from '../../domain/content/problems.js';
import type { DirectoryContent, ValidationResult } from '../../domain/content/validate.js';
import type { LastGoodStore } from './last-good.js';
import { runInSlices } from './slices.js';

/**
 * What a request sees of the published content, in one of three states: `loaded` (events and
 * directory), `directory` (the events are invalid but the collection and sources are not: the
 * sources directory and the OpenAPI document still work), or `nothing`.
 */
export type ContentSnapshot =
  | { readonly state: 'loaded'; readonly catalog: Catalog; readonly directory: DirectoryContent }
  | { readonly state: 'directory'; readonly catalog: null; readonly directory: DirectoryContent }
  | { readonly state: 'nothing'; readonly catalog: null; readonly directory: null };

const NOTHING: ContentSnapshot = { state: 'nothing', catalog: null, directory: null };

function loadedSnapshot(catalog: Catalog, content: PublishedContent): ContentSnapshot {
  return { state: 'loaded', catalog, directory: directoryOf(content) };
}

export interface ReloadOutcome {
  readonly ok: boolean;
  /** Set when an invalid folder at start was answered with the set a previous process stored. */
  readonly fellBack?: boolean;
  /** When the reload was attempted (epoch ms). */
  readonly at: number;
  readonly revision: string | null;
  readonly problems: readonly ContentProblem[];
}

/**
 * Holds the content being served. A valid new set replaces the old one in a single assignment, so a
 * request sees either the old set or the new one; an invalid set is refused and the last good one stays.
 */
export class ContentState {
  #snapshot: ContentSnapshot = NOTHING;
  #lastReload: ReloadOutcome | null = null;
  #loadedAt: number | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  #recordCheck: Promise<number> = Promise.resolve(0);
  readonly #listeners = new Set<(snapshot: ContentSnapshot) => void>();

  constructor(
    private readonly load: () => Promise<ValidationResult>,
    private readonly origin: string,
    private readonly clock: () => number = Date.now,
    private readonly lastGood: LastGoodStore | null = null,
  ) {}

  get snapshot(): ContentSnapshot {
    return this.#snapshot;
  }

  /**
   * Calls `listener` with each snapshot that replaces the one served (a valid reload, or a fallback
   * at start); returns the function that stops it. Live streams follow the content through this.
   */
  onChange(listener: (snapshot: ContentSnapshot) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #replace(snapshot: ContentSnapshot): void {
    this.#snapshot = snapshot;
    this.#loadedAt = this.clock();
    for (const listener of this.#listeners) listener(snapshot);
    // Served first, checked after: the records' full check runs between requests.
    const { catalog } = snapshot;
    if (catalog) {
      this.#recordCheck = runInSlices(
        recordCheckSteps(catalog, () => this.#snapshot.catalog === catalog),
      ).catch(() => 0);
    }
  }

  /**
   * Settles once the records of the set last installed have each been checked in full (domain/
   * catalog.ts `recordCheckSteps`), with how many passed.
   */
  get recordCheck(): Promise<number> {
    return this.#recordCheck;
  }

  get lastReload(): ReloadOutcome | null {
    return this.#lastReload;
  }

  get loadedAt(): number | null {
    return this.#loadedAt;
  }

  /**
   * Loads the folder again; returns what happened. Never throws. Reloads run one at a time, so a slow
   * earlier reload cannot overwrite the set a later one installed.
   */
  reload(): Promise<ReloadOutcome> {
    const next = this.#queue.then(() => this.#reloadNow());
    this.#queue = next;
    return next;
  }

  async #reloadNow(): Promise<ReloadOutcome> {
    let result: ValidationResult;
    try {
      result = await this.load();
    } catch (error) {
      result = { ok: false, problems: [unexpected(error)], warnings: [], directory: null };
    }
    if (result.ok) {
      let catalog: Catalog;
      try {
        catalog = await runInSlices(catalogSteps(result.content, { origin: this.origin }));
      } catch (error) {
        return await this.#refuse([unexpected(error)], null);
      }
      this.#lastReload = { ok: true, at: this.clock(), revision: result.content.revision, problems: [] };
      this.#replace(loadedSnapshot(catalog, result.content));
      // A failed write only loses the fallback, never the set being served.
      await this.lastGood?.save(result.content).catch(() => undefined);
      return this.#lastReload;
    }
    return this.#refuse(result.problems, result.directory);
  }

  async #refuse(
    problems: readonly ContentProblem[],
    directory: DirectoryContent | null,
  ): Promise<ReloadOutcome> {
    let fellBack = false;
    // Start on an invalid folder: serve the set a previous process validated, if one is stored;
    // else what is valid (the directory). Later reloads keep the last good set in memory.
    if (this.#snapshot.state === 'nothing') {
      const stored = await this.lastGood?.read();
      if (stored) {
        const catalog = await runInSlices(catalogSteps(stored, { origin: this.origin }));
        this.#replace(loadedSnapshot(catalog, stored));
        fellBack = true;
      } else {
        this.#snapshot = directory ? { state: 'directory', catalog: null, directory } : NOTHING;
      }
    }
    const outcome: ReloadOutcome = {
      ok: false,
      ...(fellBack ? { fellBack } : {}),
      at: this.clock(),
      revision: this.#snapshot.catalog?.revision ?? null,
      problems,
    };
    this.#lastReload = outcome;
    return outcome;
  }
}

/** The directory part of a published set: the catalog holds the events, with their URLs. */
function directoryOf({ revision, collection, sources }: PublishedContent): DirectoryContent {
  return { revision, collection, sources };
}

function unexpected(error: unknown): ContentProblem {
  return { file: 'content folder', path: '', rule: `could not be loaded: ${(error as Error).message}` };
}
