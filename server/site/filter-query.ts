import type { FilterSet } from '../../domain/filters.js';
import { StatusQuery } from '../../domain/schemas/index.js';
import { makeProblem } from '../http/problem-types.js';
import { HttpProblem } from '../http/http-problem.js';
import { readQuery } from '../http/query.js';

const FILTER_PARAMS: ReadonlySet<string> = new Set(Object.keys(StatusQuery.shape));

/**
 * `?audience=&window=` of a page or resource, read exactly as `/api/v1/status` reads them: unknown,
 * repeated and empty parameters and bad values are the same 400 problems the API answers.
 */
export function parseFilterQuery(querystring: string, origin: string): FilterSet {
  const { params } = readQuery(new URLSearchParams(querystring), FILTER_PARAMS, origin);
  const parsed = StatusQuery.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'query');
    const detail = `Invalid value for "${name}": ${issue?.message ?? 'invalid'}.`;
    throw new HttpProblem(makeProblem(origin, 'invalid_parameter', detail, name));
  }
  return parsed.data;
}
