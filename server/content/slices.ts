import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Steps } from '../../domain/steps.js';

/** How long one slice of a long computation may hold the event loop before requests get their turn. */
const SLICE_MS = 8;

/**
 * Runs a domain computation (domain/steps.ts) in slices of about `sliceMs`, letting the event loop
 * answer requests between them: a reload of 20,000 event files would otherwise hold every request
 * for over a second.
 */
export async function runInSlices<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  let started = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - started >= sliceMs) {
      await nextTurn();
      started = performance.now();
    }
  }
}
