import type { Catalog } from '../../domain/catalog.js';
import type { ResetsPage } from '../../domain/resets.js';
import { listResets } from '../../domain/resets.js';
import type { ResetsQueryInput } from '../../domain/schemas/index.js';
import { ResetsQuery } from '../../domain/schemas/index.js';

/** One page, with the query validated by the same schema the server uses. */
export function page(catalog: Catalog, input: ResetsQueryInput = {}): ResetsPage {
  return listResets(catalog, ResetsQuery.parse(input));
}

/**
 * Follows `next_cursor` to the end and returns the ids in the order served. The first page gets the
 * full query; later pages only the cursor and a limit (taken from `limits` in turn, when given).
 */
export function walkIds(
  catalog: Catalog,
  input: ResetsQueryInput,
  limits: readonly number[] = [input.limit ?? 20],
): string[] {
  const ids: string[] = [];
  let current = page(catalog, { ...input, limit: limits[0] });
  ids.push(...current.data.map((event) => event.id));
  for (let turn = 1; current.pagination.next_cursor !== null; turn += 1) {
    if (turn > 10_000) throw new Error('pagination does not terminate');
    const limit = limits[turn % limits.length];
    current = page(catalog, { cursor: current.pagination.next_cursor, limit });
    ids.push(...current.data.map((event) => event.id));
  }
  return ids;
}
