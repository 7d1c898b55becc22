/** A minute: the least time between two warnings of the same kind. */
const EVERY_MS = 60_000;

/**
 * At most one warning a minute of one kind (the store is full, a welcome was not taken): what anyone
 * may cause, however often, must not let a client decide the log's volume.
 */
export class OnceAMinute {
  readonly #clock: () => number;
  #warnedAt = -Infinity;
  #passed = 0;

  constructor(clock: () => number) {
    this.#clock = clock;
  }

  /**
   * Null when a warning was given less than a minute ago (this one is counted as passed over); else
   * the count passed over since the last warning, and the minute starts again now.
   */
  due(): number | null {
    const now = this.#clock();
    if (now - this.#warnedAt < EVERY_MS) {
      this.#passed += 1;
      return null;
    }
    const passed = this.#passed;
    this.#warnedAt = now;
    this.#passed = 0;
    return passed;
  }
}
