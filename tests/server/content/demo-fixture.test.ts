/**
 * The demo fixture (tests/fixtures/content-demo) is what most HTTP, page, feed and browser tests
 * serve. Each case below is one its users rely on; an edit to the fixture that drops one fails here,
 * by name, rather than as a puzzling failure elsewhere.
 */
import test from 'ava';
import { buildCatalog } from '../../../domain/catalog.js';
import type { PublishedEvent } from '../../../domain/content/events.js';
import { formatProblem } from '../../../domain/content/problems.js';
import { isQualifying } from '../../../domain/filters.js';
import {
  ALLOCATIONS,
  AUDIENCE_SCOPES,
  CLASSIFICATIONS,
  EVENT_KINDS,
  EVENT_STATUSES,
  PRIORITIES,
  SOURCE_KINDS,
  WINDOWS,
} from '../../../domain/schemas/enums.js';
import { getStatus } from '../../../domain/status.js';
import { loadContent } from '../../../server/content/read-content.js';
import { BASE_URL, DEMO_FIXTURE } from '../../helpers/fixtures.js';

const loaded = await loadContent(DEMO_FIXTURE);
if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join('\n'));
const { content } = loaded;
const catalog = buildCatalog(content, { origin: BASE_URL });
/** Just after the fixture's newest event, before its announced reset is due. */
const NOW = Date.parse('2026-11-21T12:00:00Z');

const qualifying = content.events.filter(isQualifying);
const dayOf = (event: PublishedEvent): string => event.utc_day ?? event.announced_on ?? '';
/** The qualifying resets of each UTC day. */
const days = [...new Set(qualifying.map(dayOf))].map((day) =>
  qualifying.filter((event) => dayOf(event) === day),
);
const exact = (event: PublishedEvent) => event.time_precision === 'exact';
const dated = (event: PublishedEvent) => event.time_precision === 'date';
const relays = (event: PublishedEvent) => event.sources.filter((source) => source.role === 'relay').length;

/** Every value of `values` that `seen` lacks. */
const missing = (values: readonly string[], seen: Iterable<string>) => {
  const present = new Set(seen);
  return values.filter((value) => !present.has(value));
};

const CASES: Record<string, () => boolean | string[]> = {
  'a day with two exact qualifying resets': () => days.some((events) => events.filter(exact).length >= 2),
  'a day with an exact and a date-only qualifying reset': () =>
    days.some((events) => events.some(exact) && events.some(dated)),
  'date-only qualifying resets': () => qualifying.filter(dated).length >= 2,
  'a retracted reset with a retraction': () =>
    content.events.some(
      (event) => event.event_status === 'retracted' && event.correction?.kind === 'retraction',
    ),
  'a cancelled reset with its correction': () =>
    content.events.some((event) => event.event_status === 'cancelled' && event.correction !== null),
  'a corrected event at a later revision': () =>
    content.events.some((event) => event.correction?.kind === 'correction' && event.revision > 1),
  'an event merged from an original and several relays': () =>
    content.events.some((event) => relays(event) >= 2),
  'a translation made from the current revision, with an effective note': () =>
    Object.entries(content.translations ?? {}).some(([id, languages]) =>
      Object.values(languages).some(
        (translation) =>
          translation.effective_note !== null &&
          content.events.find((event) => event.id === id)?.revision === 1,
      ),
    ),
  'a translation of the newest qualifying reset': () =>
    (content.translations ?? {})[qualifying.at(-1)?.id ?? ''] !== undefined,
  'a stale translation (made from an older revision), which content validation warns of': () =>
    loaded.warnings.some((warning) => warning.path.startsWith('translations.')),
  'an announced reset': () =>
    content.events.some((event) => event.kind === 'usage_reset' && event.event_status === 'announced'),
  'related events that point at each other': () =>
    content.events.some((event) =>
      event.related_event_ids.some((id) =>
        content.events.find((other) => other.id === id)?.related_event_ids.includes(event.id),
      ),
    ),
  'every kind': () =>
    missing(
      EVENT_KINDS,
      content.events.map((event) => event.kind),
    ),
  'every event status': () =>
    missing(
      EVENT_STATUSES,
      content.events.map((event) => event.event_status),
    ),
  'every allocation': () =>
    missing(
      ALLOCATIONS,
      content.events.map((event) => event.allocation),
    ),
  'every audience scope': () =>
    missing(
      AUDIENCE_SCOPES,
      content.events.map((event) => event.audience.scope),
    ),
  'every window': () =>
    missing(
      WINDOWS,
      content.events.flatMap((event) => event.windows),
    ),
  'every source kind': () =>
    missing(
      SOURCE_KINDS,
      content.events.flatMap((event) => event.sources.map((source) => source.kind)),
    ),
  'every source host form: X, Bluesky and web pages': () =>
    missing(
      ['x.com', 'bsky.app', 'web'],
      content.events.flatMap((event) =>
        event.sources.map((source) => {
          const host = new URL(source.url).hostname;
          return host === 'x.com' || host === 'bsky.app' ? host : 'web';
        }),
      ),
    ),
  'every account classification': () =>
    missing(
      CLASSIFICATIONS,
      content.sources.map((account) => account.classification),
    ),
  'every account priority': () =>
    missing(
      PRIORITIES,
      content.sources.map((account) => account.priority),
    ),
  'an inactive account': () => content.sources.some((account) => !account.active),
  'an unambiguous newest reset with no filter': () => {
    const status = getStatus(catalog, { audience: 'all', window: 'any' }, NOW);
    return status.latest_reset !== null && status.latest_ambiguous === null;
  },
  'an ambiguous newest reset for Max and weekly': () =>
    getStatus(catalog, { audience: 'max', window: 'weekly' }, NOW).latest_ambiguous !== null,
};

for (const [name, holds] of Object.entries(CASES)) {
  test(`the demo fixture keeps ${name}`, (t) => {
    const result = holds();
    if (Array.isArray(result)) t.deepEqual(result, [], `missing: ${result.join(', ')}`);
    else t.true(result);
  });
}

test('the demo fixture keeps freshness measurements, one with its first alert and one without', (t) => {
  const freshness = content.collection.freshness ?? [];
  t.true(freshness.some((entry) => typeof entry.first_alert_at === 'string'));
  t.true(freshness.some((entry) => entry.first_alert_at == null));
  for (const entry of freshness) t.true(catalog.byId.has(entry.event_id), entry.event_id);
});
