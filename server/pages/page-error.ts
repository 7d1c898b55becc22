import type { ProblemCode } from '../problems.js';

/** A failed HTML request: answered with an HTML page, or with the same problem+json the API sends. */
export class PageError extends Error {
  override readonly name = 'PageError';

  constructor(
    readonly code: ProblemCode,
    readonly title: string,
    readonly detail: string,
    readonly parameter?: string,
  ) {
    super(detail);
  }
}
