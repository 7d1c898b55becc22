import type { Problem } from '../../domain/schemas/index.js';

export interface HttpProblemOptions {
  /** Headers the response needs (`Allow`, `Retry-After`, the rate-limit headers). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The heading of the HTML problem page, when a page answers it; the problem's title otherwise. */
  readonly heading?: string;
}

/**
 * A failed request, as the client will see it: problem+json under `/api/` and on machine resources,
 * the HTML problem page on the site's pages (see `problemBoundary`).
 */
export class HttpProblem extends Error {
  override readonly name = 'HttpProblem';
  readonly headers: Readonly<Record<string, string>>;
  readonly heading: string;

  constructor(
    readonly problem: Problem,
    options: HttpProblemOptions = {},
  ) {
    super(problem.detail);
    this.headers = options.headers ?? {};
    this.heading = options.heading ?? problem.title;
  }
}
