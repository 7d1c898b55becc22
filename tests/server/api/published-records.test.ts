import test from 'ava';
import { buildCatalog, deepFreeze } from '../../../domain/catalog.js';
import { formatProblem } from '../../../domain/content/problems.js';
import { listResets } from '../../../domain/resets.js';
import {
  AUDIENCE_FILTERS,
  PublishedBodies,
  PublishedRecord,
  ResetsResponse,
  StatusResponse,
  WINDOW_FILTERS,
  isPublishedRecord,
  validatedRecord,
} from '../../../domain/schemas/index.js';
import type { ResetSummary } from '../../../domain/schemas/index.js';
import { buildMeta, getStatus } from '../../../domain/status.js';
import { bodyJson } from '../../../server/api/body-json.js';
import { appRouter } from '../../../server/api/procedures.js';
import { createCallerFactory } from '../../../server/api/trpc.js';
import { loadContent } from '../../../server/content/read-content.js';
import { BASE_URL, DEMO_FIXTURE, SHIPPED_CONTENT } from '../../helpers/fixtures.js';

/**
 * Records are validated by ResetSummary once per content revision, when the catalog is built, and
 * serialized once: a response validates its envelope and names each record by identity.
 */

async function catalogOf(dir: string) {
  const loaded = await loadContent(dir);
  if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join('\n'));
  return buildCatalog(loaded.content, { baseUrl: BASE_URL });
}

const NOW = Date.parse('2026-11-21T12:00:00Z');

for (const [name, dir] of [
  ['demonstration set', DEMO_FIXTURE],
  ['shipped record', SHIPPED_CONTENT],
] as const) {
  test(`${name}: every body is JSON.stringify's text, its records reused, and passes the contract`, async (t) => {
    const catalog = await catalogOf(dir);
    t.true(catalog.events.every((event) => isPublishedRecord(event.record)));
    let bodies = 0;
    for (const audience of AUDIENCE_FILTERS) {
      for (const window of WINDOW_FILTERS) {
        const status = { data: getStatus(catalog, { audience, window }, NOW), meta: buildMeta(catalog, NOW) };
        // Twice: the second time every record's text comes from the first.
        for (let i = 0; i < 2; i += 1) t.is(bodyJson(status), JSON.stringify(status));
        StatusResponse.parse(JSON.parse(bodyJson(status)));
        PublishedBodies.StatusResponse.parse(status);
        let cursor: string | undefined;
        do {
          const page = {
            ...listResets(catalog, { audience, window, limit: 3, cursor }),
            meta: buildMeta(catalog, NOW),
          };
          for (let i = 0; i < 2; i += 1) t.is(bodyJson(page), JSON.stringify(page));
          ResetsResponse.parse(JSON.parse(bodyJson(page)));
          PublishedBodies.ResetsResponse.parse(page);
          cursor = page.pagination.next_cursor ?? undefined;
          bodies += 1;
        } while (cursor);
      }
    }
    t.log(`${bodies} pages`);
  });
}

test('bodyJson writes what JSON.stringify writes for the values a body can hold', (t) => {
  const values: unknown[] = [
    null,
    'text with "quotes", \\, \u2028 and \u0000',
    0,
    -0,
    1.5e300,
    Number.NaN,
    true,
    [],
    {},
    [1, undefined, null, () => 1, 'a'],
    { a: undefined, b: null, c: [{ d: 'e' }], 'key "quoted"': 1, f: () => 1 },
    { nested: { when: new Date(0) } },
  ];
  for (const value of values) t.is(bodyJson(value), JSON.stringify(value), JSON.stringify(value));
});

test('a record is validated in full once, frozen, and a copy of it is not a published record', async (t) => {
  const catalog = await catalogOf(DEMO_FIXTURE);
  const record = catalog.events[0]!.record;
  t.true(PublishedRecord.safeParse(record).success);
  t.is(PublishedRecord.parse(record), record, 'the record itself, not a copy');
  const copy = structuredClone(record);
  t.false(PublishedRecord.safeParse(copy).success, 'an equal copy was never validated');
  t.throws(() => validatedRecord(copy), { instanceOf: TypeError, message: /must be deeply frozen/ });
  const invalid = deepFreeze<ResetSummary>({ ...structuredClone(record), id: 'Not A Slug' });
  t.throws(() => validatedRecord(invalid), { name: 'ZodError' });
  t.false(isPublishedRecord(invalid));
  t.true(isPublishedRecord(validatedRecord(deepFreeze(copy))));
});

test('a procedure answering a record the catalog did not validate fails, whatever it holds', async (t) => {
  const catalog = await catalogOf(DEMO_FIXTURE);
  const copied = {
    ...catalog,
    events: catalog.events.map((event) => ({ ...event, record: { ...event.record } })),
  };
  const views = new Map(
    [...catalog.views].map(([key, view]) => [
      key,
      { ...view, ascending: view.ascending.map((event) => ({ ...event, record: { ...event.record } })) },
    ]),
  );
  const caller = createCallerFactory(appRouter);
  const context = (value: typeof catalog) => ({
    snapshot: { catalog: value, directory: null },
    now: NOW,
    problemTypeBase: BASE_URL,
  });
  const good = await caller(context(catalog) as never).listResets({ limit: 2 });
  t.is(good.data.length, 2);
  await t.throwsAsync(caller(context({ ...copied, views }) as never).listResets({ limit: 2 }), {
    message: /Output validation failed/,
  });
});
