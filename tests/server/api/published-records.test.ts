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
} from '../../../domain/schemas/index.js';
import type { ResetSummary } from '../../../domain/schemas/index.js';
import { buildMeta, getStatus } from '../../../domain/status.js';
import { bodyJson } from '../../../server/api/rest.js';
import { appRouter } from '../../../server/api/procedures.js';
import { createCallerFactory } from '../../../server/api/trpc.js';
import { ContentState } from '../../../server/content/content-state.js';
import { loadContent } from '../../../server/content/read-content.js';
import { BASE_URL, DEMO_FIXTURE, SHIPPED_CONTENT } from '../../helpers/fixtures.js';

/**
 * Records are validated by ResetSummary once per content revision, the first time one is answered,
 * and serialized once: later responses validate their envelope and name each record by identity.
 */

async function catalogOf(dir: string) {
  const loaded = await loadContent(dir);
  if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join('\n'));
  return buildCatalog(loaded.content, { origin: BASE_URL });
}

const NOW = Date.parse('2026-11-21T12:00:00Z');

for (const [name, dir] of [
  ['demonstration set', DEMO_FIXTURE],
  ['shipped record', SHIPPED_CONTENT],
] as const) {
  test(`${name}: every body is JSON.stringify's text, its records reused, and passes the contract`, async (t) => {
    const catalog = await catalogOf(dir);
    t.false(
      catalog.events.some((event) => isPublishedRecord(event.record)),
      'none is checked at load',
    );
    let bodies = 0;
    for (const audience of AUDIENCE_FILTERS) {
      for (const window of WINDOW_FILTERS) {
        const status = { data: getStatus(catalog, { audience, window }, NOW), meta: buildMeta(catalog, NOW) };
        PublishedBodies.StatusResponse.parse(status);
        // Twice: the second time every record's text comes from the first.
        for (let i = 0; i < 2; i += 1) t.is(bodyJson(status), JSON.stringify(status));
        StatusResponse.parse(JSON.parse(bodyJson(status)));
        let cursor: string | undefined;
        do {
          const page = {
            ...listResets(catalog, { audience, window, limit: 3, cursor }),
            meta: buildMeta(catalog, NOW),
          };
          PublishedBodies.ResetsResponse.parse(page);
          t.true(page.data.every(isPublishedRecord));
          for (let i = 0; i < 2; i += 1) t.is(bodyJson(page), JSON.stringify(page));
          ResetsResponse.parse(JSON.parse(bodyJson(page)));
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

test('a frozen record is validated in full once and remembered; a copy or an invalid one is not', async (t) => {
  const catalog = await catalogOf(DEMO_FIXTURE);
  const record = catalog.events[0]!.record;
  t.false(isPublishedRecord(record));
  t.is(PublishedRecord.parse(record), record, 'the record itself, not a copy');
  t.true(isPublishedRecord(record));
  const copy = structuredClone(record);
  t.is(PublishedRecord.parse(copy), copy, 'a valid copy passes, checked in full');
  t.false(isPublishedRecord(copy), 'but a record that can change is checked again each time');
  const invalid = deepFreeze<ResetSummary>({ ...structuredClone(record), id: 'Not A Slug' });
  const result = PublishedRecord.safeParse(invalid);
  t.false(result.success);
  t.regex(
    result.error?.issues[0]?.message ?? '',
    /^Not an event record: .*\n.*→ at id/s,
    "ResetSummary's own issue",
  );
  t.false(isPublishedRecord(invalid));
});

test('a procedure answering a record that breaks the contract fails output validation', async (t) => {
  const catalog = await catalogOf(DEMO_FIXTURE);
  const broken = (event: (typeof catalog.events)[number]) => ({
    ...event,
    record: deepFreeze<ResetSummary>({ ...event.record, title: '' }),
  });
  const views = new Map(
    [...catalog.views].map(([key, view]) => [key, { ...view, ascending: view.ascending.map(broken) }]),
  );
  const caller = createCallerFactory(appRouter);
  const context = (value: typeof catalog) => ({
    snapshot: { catalog: value, directory: null },
    now: NOW,
    origin: BASE_URL,
  });
  const good = await caller(context(catalog) as never).listResets({ limit: 2 });
  t.is(good.data.length, 2);
  t.true(good.data.every(isPublishedRecord));
  await t.throwsAsync(caller(context({ ...catalog, views }) as never).listResets({ limit: 2 }), {
    message: /Output validation failed/,
  });
});

test('after a load, every record is checked in full between requests, with no request needed', async (t) => {
  const content = new ContentState(() => loadContent(DEMO_FIXTURE), BASE_URL);
  await content.reload();
  const { catalog } = content.snapshot;
  if (!catalog) return t.fail('the fixture did not load');
  t.is(await content.recordCheck, catalog.events.length);
  t.true(catalog.events.every((event) => isPublishedRecord(event.record)));
});
