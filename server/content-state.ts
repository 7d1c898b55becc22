import type { Catalog } from '../domain/catalog.js';
import { buildCatalog } from '../domain/catalog.js';
import type { ContentProblem } from '../domain/content/problems.js';
import type { DirectoryContent, ValidationResult } from '../domain/content/validate.js';

/** What a request needs from the published content: the catalog, or just the directory when events are invalid. */
export interface ContentSnapshot {
  readonly catalog: Catalog | null;
  readonly directory: DirectoryContent | null;
}

export interface ReloadOutcome {
  readonly ok: boolean;
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

  constructor(
    private readonly load: () => Promise<ValidationResult>,
    private readonly baseUrl: string,
    private readonly clock: () => number = Date.now,
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

  /** Loads the folder again; returns what happened. Never throws for invalid content. */
  async reload(): Promise<ReloadOutcome> {
    const result = await this.load();
    let outcome: ReloadOutcome;
    if (result.ok) {
      this.#snapshot = {
        catalog: buildCatalog(result.content, { baseUrl: this.baseUrl }),
        directory: result.content,
      };
      this.#loadedAt = this.clock();
      outcome = { ok: true, at: this.clock(), revision: result.content.revision, problems: [] };
    } else {
      // Cold start on invalid events: serve what is valid (the directory); otherwise keep the last good set.
      if (!this.#snapshot.catalog && !this.#snapshot.directory) {
        this.#snapshot = { catalog: null, directory: result.directory };
      }
      outcome = {
        ok: false,
        at: this.clock(),
        revision: this.#snapshot.catalog?.revision ?? null,
        problems: result.problems,
      };
    }
    this.#lastReload = outcome;
    return outcome;
  }
}
