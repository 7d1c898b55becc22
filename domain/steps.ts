/**
 * Long computations over a whole content set (validation, the revision hash, the catalog) are
 * written as generators that yield between slices of work, so the server can run them between
 * requests (server/content/slices.ts); `runSteps` runs one to the end at once, as tests and tools do.
 */
export type Steps<T> = Generator<undefined, T, undefined>;

/** Runs every step now and returns the result. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Items handled between two yields: small enough that a slice stays well under a millisecond or so. */
export const ITEMS_PER_STEP = 100;
