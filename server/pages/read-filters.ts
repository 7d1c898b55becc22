import type { FilterSet } from '../../domain/filters.js';
import { parseFilterQuery } from '../http/filter-query.js';
import { HttpProblem } from '../http/http-problem.js';

/** A page's `?audience=&window=`, read as the API reads them; the 400 page says "Invalid filter". */
export function readFilters(querystring: string, problemTypeBase: string): FilterSet {
  try {
    return parseFilterQuery(querystring, problemTypeBase);
  } catch (error) {
    if (!(error instanceof HttpProblem)) throw error;
    throw new HttpProblem(error.problem, { heading: 'Invalid filter' });
  }
}
