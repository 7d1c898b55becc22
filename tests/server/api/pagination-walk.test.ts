import test from 'ava';
import type { ResetsResponse, StatusResponse } from '../../../domain/schemas/index.js';
import { FILTER_COMBINATIONS, getJson, urlOf } from '../../helpers/api.js';
import { usingServer } from '../../helpers/with-server.js';

/**
 * Follows `next_cursor` to the end. The first page carries the whole query; later pages only the
 * cursor and a limit, taken from `limits` in turn (the limit may change from page to page).
 */
async function walk(
  base: string,
  query: Record<string, string>,
  limits: readonly number[],
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page === 0 || cursor !== null; page += 1) {
    const limit = limits[page % limits.length]!;
    const params: Record<string, string | number> = cursor === null ? { ...query, limit } : { cursor, limit };
    const { response, body } = await getJson<ResetsResponse>(urlOf(base, '/api/v1/resets', params));
    if (response.status !== 200) throw new Error(`page ${page}: ${response.status} ${JSON.stringify(body)}`);
    if (body.data.length > limit) throw new Error(`page ${page} holds ${body.data.length} > ${limit}`);
    if (body.pagination.has_more !== (body.pagination.next_cursor !== null))
      throw new Error('has_more disagrees');
    if (body.pagination.revision_changed) throw new Error('revision_changed without a republish');
    ids.push(...body.data.map((event) => event.id));
    cursor = body.pagination.next_cursor;
  }
  return ids;
}

for (const filters of FILTER_COMBINATIONS) {
  const title = `audience=${filters.audience} window=${filters.window}`;

  test(`walking ${title} page by page returns stats.total events, each once, asc the reverse of desc`, async (t) => {
    await usingServer({}, async (server) => {
      const { body: status } = await getJson<StatusResponse>(urlOf(server.url, '/api/v1/status', filters));
      const { total } = status.data.stats;
      let reference: string[] | null = null;
      for (const limits of [[1], [7], [100], [1, 7, 100]]) {
        const desc = await walk(server.url, { ...filters, order: 'desc' }, limits);
        const asc = await walk(server.url, { ...filters, order: 'asc' }, limits);
        const label = `limits ${limits.join(',')}`;
        t.is(desc.length, total, `${label}: desc count`);
        t.is(new Set(desc).size, desc.length, `${label}: no duplicates`);
        t.deepEqual(asc, [...desc].reverse(), `${label}: asc is desc reversed`);
        reference ??= desc;
        t.deepEqual(desc, reference, `${label}: the same order whatever the limit`);
      }
      const latest = status.data.latest_reset?.id ?? status.data.latest_ambiguous?.[0]?.id ?? null;
      t.is(reference?.[0] ?? null, latest, 'the newest listed event is the latest of the status');
    });
  });
}

test('a walk bounded by from and to returns exactly the unbounded events inside the range', async (t) => {
  await usingServer({}, async (server) => {
    const { body: all } = await getJson<ResetsResponse>(urlOf(server.url, '/api/v1/resets', { limit: 100 }));
    const from = '2025-06-01';
    const to = '2026-06-30';
    const inRange = all.data
      .filter((event) => {
        const day = event.announced_on ?? event.utc_day!;
        return day >= from && day <= to;
      })
      .map((event) => event.id);
    t.true(inRange.length > 0 && inRange.length < all.data.length);
    t.deepEqual(await walk(server.url, { from, to, order: 'desc' }, [3]), inRange);
    t.deepEqual(await walk(server.url, { from, to, order: 'asc' }, [3]), [...inRange].reverse());
  });
});
