import { AUDIENCE_FILTERS, ORDERS, WINDOW_FILTERS } from '../domain/schemas/index.js';

interface Page {
  readonly data: readonly { readonly announced_at: string | null; readonly announced_on: string | null }[];
  readonly pagination: { readonly next_cursor: string | null };
}

async function getPage(origin: string, path: string): Promise<{ page: Page; bytes: number }> {
  const response = await fetch(origin + path);
  if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  return { page: JSON.parse(body.toString('utf8')) as Page, bytes: body.length };
}

const DAY_MS = 86_400_000;
const dayOf = (event: Page['data'][number]) => (event.announced_at ?? event.announced_on ?? '').slice(0, 10);

/** Date ranges over the set's own span (none, quarters, the middle half), so cursors differ by range too. */
async function boundsFor(origin: string): Promise<string[]> {
  const first = (await getPage(origin, '/api/v1/resets?limit=1&order=asc')).page.data[0];
  const last = (await getPage(origin, '/api/v1/resets?limit=1&order=desc')).page.data[0];
  if (!first || !last) return [''];
  const start = Date.parse(dayOf(first));
  const span = Date.parse(dayOf(last)) - start;
  const at = (fraction: number) =>
    new Date(start + Math.floor((span * fraction) / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
  return [
    '',
    `&from=${at(0.25)}`,
    `&from=${at(0.5)}`,
    `&from=${at(0.75)}`,
    `&to=${at(0.25)}`,
    `&to=${at(0.5)}`,
    `&to=${at(0.75)}`,
    `&from=${at(0.25)}&to=${at(0.75)}`,
  ];
}

export interface ColdUrls {
  /** Full pages (as many events as the limit) by limit. */
  readonly byLimit: Map<number, string[]>;
  readonly meanBytes: number;
}

/**
 * Distinct valid `/api/v1/resets` URLs: every filter combination × order × date range × limit, each
 * walked through its cursors, keeping full pages only, at most `perLimit(limit)` of each limit. Two
 * content sets given the same counts per limit get the same mix of page sizes.
 */
export async function collectResetUrls(
  origin: string,
  limits: readonly number[],
  perLimit: (limit: number) => number,
): Promise<ColdUrls> {
  const ranges = await boundsFor(origin);
  const byLimit = new Map<number, string[]>();
  const sizes = new Map<string, number>();
  for (const limit of limits) {
    const walks: string[] = [];
    for (const audience of AUDIENCE_FILTERS)
      for (const window of WINDOW_FILTERS)
        for (const order of ORDERS)
          for (const range of ranges)
            walks.push(
              `/api/v1/resets?limit=${limit}&order=${order}&audience=${audience}&window=${window}${range}`,
            );
    const wanted = perLimit(limit);
    // Spread the pages over every walk rather than exhausting the first ones.
    const pagesPerWalk = Math.max(1, Math.ceil((2 * wanted) / walks.length));
    const found: string[] = [];
    const walk = async (first: string) => {
      let path: string | null = first;
      for (let turn = 0; path !== null && turn < pagesPerWalk; turn += 1) {
        const { page, bytes: size } = await getPage(origin, path);
        if (page.data.length < limit) break;
        found.push(path);
        sizes.set(path, size);
        const cursor = page.pagination.next_cursor;
        path = cursor === null ? null : `/api/v1/resets?limit=${limit}&cursor=${cursor}`;
      }
    };
    for (let start = 0; start < walks.length; start += 8) {
      await Promise.all(walks.slice(start, start + 8).map(walk));
    }
    const distinct = [...new Set(found)].sort();
    // An even pick when there are more than wanted.
    const step = Math.max(1, distinct.length / wanted);
    const kept: string[] = [];
    for (let i = 0; kept.length < wanted && Math.floor(i) < distinct.length; i += step) {
      kept.push(distinct[Math.floor(i)]!);
    }
    byLimit.set(limit, kept);
  }
  const kept = [...byLimit.values()].flat();
  const total = kept.reduce((sum, path) => sum + (sizes.get(path) ?? 0), 0);
  return { byLimit, meanBytes: total / Math.max(1, kept.length) };
}
