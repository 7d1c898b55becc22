import type { Problem } from '../../domain/schemas/index.js';

/** A response that must be sent as `application/problem+json`, with any headers it needs. */
export class HttpProblem extends Error {
  override readonly name = 'HttpProblem';

  constructor(
    readonly problem: Problem,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(problem.detail);
  }
}
