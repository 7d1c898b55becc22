import type { Catalog, PublishedContent } from '../domain/catalog.js';
import { buildCatalog } from '../domain/catalog.js';
import type { ContentProblem } from '../domain/content/problems.js';
import type { DirectoryContent, ValidationResult } from '../domain/content/validate.js';
import type { LastGoodStore } from './last-good.js';

/** What a request needs from the published content: the catalog, or just the directory when events are invalid. */
export interface ContentSnapshot {
  readonly catalog: Catalog | null;
  readonly directory: DirectoryContent | null;
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
  #snapshot: ContentSnapshot = { catalog: null, directory: null };
  #lastReload: ReloadOutcome | null = null;
  #loadedAt: number | null = null;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly load: () => Promise<ValidationResult>,
    private readonly baseUrl: string,
    private readonly clock: () => number = Date.now,
    private readonly lastGood: LastGoodStore | null = null,
  ) {}

  get snapshot(): ContentSnapshot {
    return this.#snapshot;
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
      result = { ok: false, problems: [unexpected(error)], directory: null };
    }
    if (result.ok) {
      let catalog: Catalog;
      try {
        catalog = buildCatalog(result.content, { baseUrl: this.baseUrl });
      } catch (error) {
        return await this.#refuse([unexpected(error)], null);
      }
      this.#snapshot = { catalog, directory: directoryOf(result.content) };
      this.#loadedAt = this.clock();
      this.#lastReload = { ok: true, at: this.clock(), revision: result.content.revision, problems: [] };
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
    if (!this.#snapshot.catalog && !this.#snapshot.directory) {
      const stored = await this.lastGood?.read();
      if (stored) {
        this.#snapshot = {
          catalog: buildCatalog(stored, { baseUrl: this.baseUrl }),
          directory: directoryOf(stored),
        };
        this.#loadedAt = this.clock();
        fellBack = true;
      } else {
        this.#snapshot = { catalog: null, directory };
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
