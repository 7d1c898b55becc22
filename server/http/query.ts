import { makeProblem } from './problem-types.js';
import { HttpProblem } from './http-problem.js';

/**
 * Reads a query string strictly before it reaches the procedure: a parameter the operation does not
 * take, one given twice, or one given empty is refused rather than silently ignored.
 * Returns the parameters as single strings and their canonical form (sorted), used as a cache key.
 */
export function readQuery(
  search: URLSearchParams,
  allowed: ReadonlySet<string>,
  origin: string,
): { params: Record<string, string>; canonical: string } {
  const params: Record<string, string> = {};
  for (const [name, value] of search) {
    if (!allowed.has(name)) {
      const known = [...allowed].map((key) => `"${key}"`).join(', ');
      throw new HttpProblem(
        makeProblem(
          origin,
          'unknown_parameter',
          `Unknown query parameter "${name}". This operation takes: ${known}.`,
          name,
        ),
      );
    }
    if (Object.hasOwn(params, name)) {
      throw new HttpProblem(
        makeProblem(
          origin,
          'repeated_parameter',
          `The query parameter "${name}" is given more than once.`,
          name,
        ),
      );
    }
    if (value === '') {
      throw new HttpProblem(
        makeProblem(origin, 'invalid_parameter', `The query parameter "${name}" is empty.`, name),
      );
    }
    params[name] = value;
  }
  const canonical = new URLSearchParams(
    Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1)),
  ).toString();
  return { params, canonical };
}
