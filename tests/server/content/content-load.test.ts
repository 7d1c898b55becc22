import test from 'ava';
import type { PublishedContent } from '../../../domain/catalog.js';
import { buildCatalog } from '../../../domain/catalog.js';
import { readContent } from '../../../server/content/read-content.js';
import type { RawContent } from '../../../domain/content/validate.js';
import { validateContent } from '../../../domain/content/validate.js';
import { ResetSummary } from '../../../domain/schemas/index.js';
import { getStatus, buildMeta } from '../../../domain/status.js';
import { ANNOUNCED, DATED, FIVE_HOUR, WEEKLY, editContent } from '../../helpers/content.js';
import { xPostUrl } from '../../helpers/events.js';
import { BASE_URL, VALID_FIXTURE } from '../../helpers/fixtures.js';

const raw = await readContent(VALID_FIXTURE);

function publish(content: RawContent): PublishedContent {
  const result = validateContent(content);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.content;
}

const eventOf = (content: PublishedContent, id: string) => {
  const event = content.events.find((candidate) => candidate.id === id);
  if (!event) throw new Error(`no event ${id}`);
  return event;
};

const published = publish(raw);

test('a valid folder publishes its events sorted by id, with a revision', (t) => {
  t.deepEqual(
    published.events.map((event) => event.id),
    [WEEKLY, FIVE_HOUR, DATED, ANNOUNCED],
  );
  t.regex(published.revision, /^[A-Za-z0-9_-]{22}$/);
  t.is(published.sources.length, 2);
});

test('announced_at is decoded from an X snowflake to the millisecond, with its UTC day', (t) => {
  const event = eventOf(published, WEEKLY);
  t.is(event.announced_at, '2025-03-03T17:04:05.123Z');
  t.is(event.utc_day, '2025-03-03');
  t.is(event.sources[0]?.posted_at, '2025-03-03T17:04:05.123Z');
});

test('announced_at is decoded from a Bluesky TID, and a relay post gets its own posted_at', (t) => {
  const event = eventOf(published, FIVE_HOUR);
  t.is(event.announced_at, '2025-03-10T09:30:00.250Z');
  t.is(event.sources[0]?.posted_at, '2025-03-10T09:30:00.250Z');
  t.is(event.sources[1]?.posted_at, '2025-03-10T09:41:12.000Z');
});

test('an original that encodes no time keeps the stated announced_at', (t) => {
  const event = eventOf(published, ANNOUNCED);
  t.is(event.announced_at, '2025-05-20T15:00:00.000Z');
  t.is(event.utc_day, '2025-05-20');
});

test('a date-only event has no time and no utc_day', (t) => {
  t.like(eventOf(published, DATED), {
    time_precision: 'date',
    announced_at: null,
    announced_on: '2025-04-02',
    utc_day: null,
  });
});

test('omitted optional fields are published as null or empty', (t) => {
  t.like(eventOf(published, WEEKLY), {
    effective_at: null,
    effective_note: null,
    correction: null,
    related_event_ids: [],
    audience: { exclusions: null },
  });
  t.is(eventOf(published, WEEKLY).sources[0]?.excerpt, "We've reset weekly limits for everyone.");
  t.is(eventOf(published, DATED).sources[0]?.excerpt, null);
});

test('a stated announced_at within the same second as the post id publishes the decoded time', (t) => {
  const content = publish(
    editContent(raw, (draft) => void (draft.event(WEEKLY).announced_at = '2025-03-03T17:04:05Z')),
  );
  t.is(eventOf(content, WEEKLY).announced_at, '2025-03-03T17:04:05.123Z');
});

test('pointing the original at another post moves announced_at and utc_day with it', (t) => {
  const content = publish(
    editContent(
      raw,
      (draft) =>
        void (draft.event(WEEKLY).sources[0]!.url = xPostUrl(Date.parse('2025-03-04T01:02:03.456Z'))),
    ),
  );
  t.like(eventOf(content, WEEKLY), { announced_at: '2025-03-04T01:02:03.456Z', utc_day: '2025-03-04' });
});

test('published events become valid ResetSummary records in a catalog', (t) => {
  const catalog = buildCatalog(published, { origin: `${BASE_URL}/` });
  for (const record of catalog.byId.values()) {
    t.deepEqual(ResetSummary.safeParse(record).error?.issues, undefined);
    t.is(record.url, `${BASE_URL}/events/${record.id}`);
  }
});

test('the fixture gives the expected status', (t) => {
  const catalog = buildCatalog(published, { origin: BASE_URL });
  const status = getStatus(catalog, { audience: 'all', window: 'any' }, Date.parse('2025-06-01T00:00:00Z'));
  t.is(status.latest_reset?.id, DATED);
  t.is(status.announced_reset?.id, ANNOUNCED);
  t.like(status.stats, {
    total: 3,
    last_reset_at: null,
    last_reset_on: '2025-04-02',
    days_since_last: null,
    eligible_gaps: 1,
    total_gaps: 2,
    exact_count: 2,
    partial_sample: true,
  });
  t.is(
    status.stats.longest_gap_days,
    (Date.parse('2025-03-10T09:30:00.250Z') - Date.parse('2025-03-03T17:04:05.123Z')) / 86_400_000,
  );
});

test('meta carries the revision and the collection dates', (t) => {
  const catalog = buildCatalog(published, { origin: BASE_URL });
  t.deepEqual(buildMeta(catalog, Date.parse('2025-06-02T03:04:05.006Z')), {
    api_version: 'v1',
    generated_at: '2025-06-02T03:04:05.006Z',
    content_revision: published.revision,
    editorial_reviewed_at: '2025-06-01T12:00:00Z',
    coverage_start: '2025-01-01',
  });
});
