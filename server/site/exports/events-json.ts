import type { Catalog } from '../../../domain/catalog.js';
import { buildMeta } from '../../../domain/status.js';

/**
 * `/data/events.json`: the whole published set, every kind and status, ascending by (sort key, id),
 * each record exactly as the API publishes it, with the API's `meta`. Beside them, what the API's
 * closed objects do not carry: `ends_at`, the stated end of each increase, promotion or credit that
 * has one (by event id), and `material_until`, the last day the record's sources were read.
 */
export function renderEventsJson(catalog: Catalog, now: number): string {
  return JSON.stringify({
    data: catalog.events.map(({ record }) => record),
    ends_at: Object.fromEntries(catalog.ends),
    material_until: catalog.collection.material_until ?? null,
    meta: buildMeta(catalog, now),
  });
}
