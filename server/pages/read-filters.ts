import type { FilterSet } from '../../domain/filters.js';
import { StatusQuery } from '../../domain/schemas/index.js';
import { HttpProblem } from '../http/http-problem.js';
import { makeProblem } from '../problems.js';
import { readQuery } from '../http/query.js';

const FILTER_PARAMS: ReadonlySet<string> = new Set(Object.keys(StatusQuery.shape));
const HEADING = 'Invalid filter';

/**
 * `?audience=&window=` of a page or resource, read exactly as `/api/v1/status` reads them (unknown,
 * repeated and empty parameters are refused too), with the same 400 problem.
 */
export function readFilters(querystring: string, problemTypeBase: string): FilterSet {
  let params: Record<string, string>;
  try {
    ({ params } = readQuery(new URLSearchParams(querystring), FILTER_PARAMS, problemTypeBase));
  } catch (error) {
    if (!(error instanceof HttpProblem)) throw error;
    throw new HttpProblem(error.problem, { heading: HEADING });
  }
  const parsed = StatusQuery.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'query');
    const detail = `Invalid value for "${name}": ${issue?.message ?? 'invalid'}.`;
    throw new HttpProblem(makeProblem(problemTypeBase, 'invalid_parameter', detail, name), {
      heading: HEADING,
    });
  }
  return parsed.data;
}
