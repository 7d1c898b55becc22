import type { Catalog } from '../../../domain/catalog.js';
import { buildMeta } from '../../../domain/status.js';

/**
 * `/data/events.json`: the whole published set, every kind and status, ascending by (sort key, id),
 * each record exactly as the API publishes it, with the API's `meta`.
 */
export function renderEventsJson(catalog: Catalog, now: number): string {
  return JSON.stringify({
    data: catalog.events.map(({ record }) => record),
    meta: buildMeta(catalog, now),
  });
}
