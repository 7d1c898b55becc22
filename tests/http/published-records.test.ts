import test from 'ava';
import fc from 'fast-check';
import path from 'node:path';
import { buildCatalog, deepFreeze } from '../../domain/catalog.js';
import { loadContent } from '../../server/content/read-content.js';
import type { ResetSummary } from '../../domain/schemas/index.js';
import { ResetsResponse, StatusResponse } from '../../domain/schemas/index.js';
import { serializeResponse } from '../../server/api/published-records.js';

// The app sets ResetSummary to validate catalog records once when it is loaded (server/app.ts).
import '../../server/app.js';

const loaded = await loadContent(path.resolve('content'));
if (!loaded.ok) throw new Error('the shipped content is invalid');
const records = buildCatalog(loaded.content, { baseUrl: 'https://tracker.example' }).events.map(
  (event) => event.record,
);
const meta = {
  api_version: 'v1',
  generated_at: '2026-11-23T12:00:00.000Z',
  content_revision: 'abc',
  editorial_reviewed_at: '2026-11-01T00:00:00.000Z',
  coverage_start: '2025-01-01',
} as const;
const page = (data: readonly ResetSummary[], cursor: string | null = null) => ({
  data,
  pagination: { has_more: cursor !== null, next_cursor: cursor, revision_changed: false },
  meta,
});

test('a catalog record comes out of output validation as itself, every time', (t) => {
  const record = records[0]!;
  const first = ResetsResponse.parse(page([record]));
  const again = ResetsResponse.parse(page([record]));
  t.is(first.data[0], record, 'a catalog record comes out of validation as itself');
  t.is(again.data[0], record);
});

test('a catalog record is frozen all the way down', (t) => {
  for (const record of records) {
    t.true(Object.isFrozen(record));
    t.true(Object.isFrozen(record.audience));
    t.true(Object.isFrozen(record.sources) && record.sources.every((source) => Object.isFrozen(source)));
    t.true(Object.isFrozen(record.windows) && Object.isFrozen(record.related_event_ids));
  }
});

test('a record that is not the catalog’s own is validated in full every time', (t) => {
  const record = records[0]!;
  const copy = structuredClone(record);
  const parsed = ResetsResponse.parse(page([copy]));
  t.not(parsed.data[0], copy, 'an unfrozen record is copied by validation, as before');
  t.deepEqual(parsed.data[0], copy);
  for (let i = 0; i < 2; i += 1) {
    const invalid = Object.freeze({ ...structuredClone(record), url: 'not a url' });
    t.throws(() => ResetsResponse.parse(page([invalid])), undefined, 'a frozen invalid record fails');
    const wrongKind = { ...record, kind: 'nonsense' } as unknown as ResetSummary;
    const extraField = { ...record, extra: true } as unknown as ResetSummary;
    t.throws(() => ResetsResponse.parse(page([wrongKind])));
    t.throws(() => ResetsResponse.parse(page([extraField])));
  }
});

test('serializeResponse writes exactly what JSON.stringify writes, for pages of any records', (t) => {
  fc.assert(
    fc.property(
      fc.subarray(records),
      fc.option(fc.string({ unit: 'binary' })),
      fc.boolean(),
      (data, cursor, validated) => {
        const body = validated ? ResetsResponse.parse(page(data, cursor)) : page(data, cursor);
        return serializeResponse(body) === JSON.stringify(body);
      },
    ),
    { numRuns: 300 },
  );
  t.pass();
});

test('serializeResponse falls back to JSON.stringify when a string in the body is its mark', (t) => {
  const body = ResetsResponse.parse(page(records.slice(0, 3), '\u0000'));
  t.is(serializeResponse(body), JSON.stringify(body));
  const nested = { data: records.slice(0, 2), note: ['\u0000', { deep: '\u0000' }] };
  t.is(serializeResponse(nested), JSON.stringify(nested));
});

test('serializeResponse handles status bodies, errors and values without records like JSON.stringify', (t) => {
  const [latest, other] = records.filter((record) => record.kind === 'usage_reset');
  const status = StatusResponse.parse({
    data: {
      latest_reset: null,
      latest_ambiguous: [latest!, other!],
      announced_reset: latest!,
      active_watch: null,
      stats: {
        total: 2,
        last_reset_at: null,
        last_reset_on: '2026-01-01',
        days_since_last: null,
        avg_interval_days: 1.5,
        longest_gap_days: 2,
        eligible_gaps: 1,
        total_gaps: 1,
        exact_count: 1,
        partial_sample: false,
      },
      filters: { audience: 'all', window: 'any' },
    },
    meta,
  });
  for (const body of [
    status,
    { message: 'Input validation failed', code: 'BAD_REQUEST', issues: [{ path: ['limit'] }] },
    { when: new Date(0), skipped: undefined, list: [undefined, () => 1, Number.NaN] },
    'text',
    42,
    null,
  ]) {
    t.is(serializeResponse(body), JSON.stringify(body));
  }
});

test('texts dropped past the bound are written again: every body stays what JSON.stringify writes', (t) => {
  // More text than the bound holds (4 MB): 3,000 records with ~2 KB summaries.
  const many = Array.from({ length: 3000 }, (_, i) =>
    deepFreeze({
      ...structuredClone(records[i % records.length]!),
      id: `bulk-${i}`,
      summary: 'x'.repeat(2000),
    }),
  );
  for (let round = 0; round < 2; round += 1) {
    for (let i = 0; i < many.length; i += 20) {
      const body = ResetsResponse.parse(page(many.slice(i, i + 20)));
      t.is(body.data[0], many[i], 'a frozen valid record is passed as it is');
      if (serializeResponse(body) !== JSON.stringify(body)) t.fail(`page at ${i} differs`);
    }
  }
});
