import type { FilterSet } from '../../../domain/filters.js';
import { parseFilterQuery } from '../filter-query.js';
import { HttpProblem } from '../../http/http-problem.js';
import { readQuery } from '../../http/query.js';
import { makeProblem } from '../../http/problem-types.js';

/** A page's `?audience=&window=`, read as the API reads them; the 400 page says "Invalid filter". */
export function readFilters(querystring: string, origin: string): FilterSet {
  try {
    return parseFilterQuery(querystring, origin);
  } catch (error) {
    if (!(error instanceof HttpProblem)) throw error;
    throw new HttpProblem(error.problem, { heading: 'Invalid filter' });
  }
}

const HISTORY_PARAMS: ReadonlySet<string> = new Set(['audience', 'window', 'page']);
const PAGE_NUMBER = /^[1-9][0-9]{0,6}$/;

/** `/history`'s query: the filters, and `page` (a decimal integer from 1; default 1). */
export function readHistoryQuery(querystring: string, origin: string): { filters: FilterSet; page: number } {
  try {
    const { params } = readQuery(new URLSearchParams(querystring), HISTORY_PARAMS, origin);
    const { page = '1', ...filterParams } = params;
    if (!PAGE_NUMBER.test(page)) {
      const detail = `The query parameter "page" must be a page number from 1, not "${page.slice(0, 20)}".`;
      throw new HttpProblem(makeProblem(origin, 'invalid_parameter', detail, 'page'));
    }
    const filters = parseFilterQuery(new URLSearchParams(filterParams).toString(), origin);
    return { filters, page: Number(page) };
  } catch (error) {
    if (!(error instanceof HttpProblem)) throw error;
    throw new HttpProblem(error.problem, { heading: 'Invalid filter' });
  }
}
