import type { FilterSet } from '../../domain/filters.js';
import { StatusQuery } from '../../domain/schemas/index.js';
import { HttpProblem } from '../http/http-problem.js';
import { isProblemCode, makeProblem } from '../problems.js';
import { readQuery } from '../rest/query.js';
import { PageError } from './page-error.js';

const FILTER_PARAMS: ReadonlySet<string> = new Set(Object.keys(StatusQuery.shape));

/**
 * `?audience=&window=`, read exactly as `/api/v1/status` reads them: unknown, repeated and empty
 * parameters and bad values are the same 400 problems the API answers.
 */
export function parseFilterQuery(search: URLSearchParams, problemTypeBase: string): FilterSet {
  const { params } = readQuery(search, FILTER_PARAMS, problemTypeBase);
  const parsed = StatusQuery.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'query');
    throw new HttpProblem(
      makeProblem(
        problemTypeBase,
        'invalid_parameter',
        `Invalid value for "${name}": ${issue?.message ?? 'invalid'}.`,
        name,
      ),
    );
  }
  return parsed.data;
}

/** The home page's filters, read as `parseFilterQuery` reads them; a bad query becomes a 400 page. */
export function readFilters(search: URLSearchParams): FilterSet {
  try {
    return parseFilterQuery(search, '');
  } catch (error) {
    if (!(error instanceof HttpProblem)) throw error;
    const { code, detail, parameter } = error.problem;
    throw new PageError(
      isProblemCode(code) ? code : 'invalid_parameter',
      'Invalid filter',
      detail,
      parameter,
    );
  }
}
