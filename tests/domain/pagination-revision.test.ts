import test from 'ava';
import type { PublishedEvent } from '../../domain/content/events.js';
import type { Order } from '../../domain/schemas/index.js';
import { catalogOf, dateEvent, exactEvent } from '../helpers/events.js';
import { page } from '../helpers/pages.js';

const day = (n: number) => `2025-03-${String(n).padStart(2, '0')}`;
const id = (n: number) => `e${String(n).padStart(2, '0')}`;

/** e01..e10, one a day at noon; every fourth is date-only. */
const ORIGINAL: PublishedEvent[] = Array.from({ length: 10 }, (_, i) =>
  i % 4 === 3 ? dateEvent(id(i + 1), day(i + 1)) : exactEvent(id(i + 1), `${day(i + 1)}T12:00:00Z`),
);

/** Walks the rest of the pages from `cursor` on `catalog`, recording revision_changed per page. */
function rest(catalog: ReturnType<typeof catalogOf>, cursor: string, limit: number) {
  const ids: string[] = [];
  const changed: boolean[] = [];
  let next: string | null = cursor;
  while (next !== null) {
    const current = page(catalog, { cursor: next, limit });
    ids.push(...current.data.map((event) => event.id));
    changed.push(current.pagination.revision_changed);
    next = current.pagination.next_cursor;
  }
  return { ids, changed };
}

test('a cursor from the current revision does not report a change', (t) => {
  const catalog = catalogOf(ORIGINAL, 'r1');
  const first = page(catalog, { limit: 3 });
  t.false(first.pagination.revision_changed);
  t.deepEqual(rest(catalog, first.pagination.next_cursor!, 3).changed, [false, false, false]);
});

test('a cursor from an older revision reports the change once, then pages carry the new revision', (t) => {
  const first = page(catalogOf(ORIGINAL, 'r1'), { limit: 3 });
  const { ids, changed } = rest(catalogOf(ORIGINAL, 'r2'), first.pagination.next_cursor!, 3);
  t.deepEqual(changed, [true, false, false]);
  t.deepEqual([...first.data.map((event) => event.id), ...ids], ORIGINAL.map((event) => event.id).reverse());
});

for (const order of ['desc', 'asc'] as const satisfies readonly Order[]) {
  test(`edits between pages (${order}) neither skip nor repeat events that existed throughout`, (t) => {
    const first = page(catalogOf(ORIGINAL, 'r1'), { order, limit: 3 });
    const seen = first.data.map((event) => event.id);
    t.deepEqual(seen, order === 'desc' ? ['e10', 'e09', 'e08'] : ['e01', 'e02', 'e03']);

    // Before the cursor's position (already walked past) and after it (still to come), by order.
    const passed =
      order === 'desc' ? exactEvent('new-passed', `${day(9)}T18:00:00Z`) : dateEvent('new-passed', day(2));
    const ahead =
      order === 'desc' ? exactEvent('new-ahead', `${day(5)}T18:00:00Z`) : dateEvent('new-ahead', day(6));
    const deleted = 'e06';
    const edited = ORIGINAL.map((event) =>
      event.id === 'e05'
        ? { ...event, title: 'Edited title', revision: 2, revised_at: '2025-06-02T00:00:00.000Z' }
        : event,
    ).filter((event) => event.id !== deleted);
    const republished = catalogOf([...edited, passed, ahead], 'r2');

    const { ids, changed } = rest(republished, first.pagination.next_cursor!, 3);
    t.true(changed[0]);
    const walked = [...seen, ...ids];
    const expected = ORIGINAL.map((event) => event.id).filter((name) => name !== deleted);
    t.deepEqual(walked.filter((name) => !name.startsWith('new-')).sort(), expected);
    t.is(new Set(walked).size, walked.length);
    t.true(walked.includes('new-ahead'));
    t.false(walked.includes('new-passed'));
    t.is(
      page(republished, { cursor: first.pagination.next_cursor!, limit: 100 }).data.find(
        (event) => event.id === 'e05',
      )?.title,
      'Edited title',
    );
  });
}

test('removing the event a cursor points at continues right after its position', (t) => {
  const first = page(catalogOf(ORIGINAL, 'r1'), { limit: 3 });
  const without = catalogOf(
    ORIGINAL.filter((event) => event.id !== 'e08'),
    'r2',
  );
  const next = page(without, { cursor: first.pagination.next_cursor!, limit: 2 });
  t.deepEqual(
    next.data.map((event) => event.id),
    ['e07', 'e06'],
  );
  t.true(next.pagination.revision_changed);
});

test('an event inserted with the same sort key as the cursor position is placed by id', (t) => {
  const first = page(catalogOf(ORIGINAL, 'r1'), { limit: 2 }); // ends at e09, 2025-03-09T12:00Z
  const sameInstant = `${day(9)}T12:00:00Z`;
  const republished = catalogOf(
    [...ORIGINAL, exactEvent('e09-b', sameInstant), exactEvent('e08-z', sameInstant)],
    'r2',
  );
  const next = page(republished, { cursor: first.pagination.next_cursor!, limit: 2 });
  t.deepEqual(
    next.data.map((event) => event.id),
    ['e08-z', 'e08'],
  );
});

test('a cursor keeps its filters and bounds across a republish', (t) => {
  const query = { order: 'asc', window: 'weekly', from: day(2), to: day(9) } as const;
  const weeklyOnly = ORIGINAL.map((event) =>
    event.id === 'e05' ? { ...event, windows: ['five_hour' as const] } : event,
  );
  const first = page(catalogOf(weeklyOnly, 'r1'), { ...query, limit: 2 });
  const { ids } = rest(
    catalogOf([...weeklyOnly, exactEvent('e10-new', `${day(10)}T00:00:00Z`)], 'r2'),
    first.pagination.next_cursor!,
    2,
  );
  t.deepEqual(
    [...first.data.map((event) => event.id), ...ids],
    ['e02', 'e03', 'e04', 'e06', 'e07', 'e08', 'e09'],
  );
});
