import assert from 'node:assert/strict';
import test from 'ava';
import fc from 'fast-check';
import { readContent } from '../../server/content/read-content.js';
import { decodePostTime, parsePostUrl } from '../../domain/content/post-time.js';
import type { RawContent } from '../../domain/content/validate.js';
import { validateContent } from '../../domain/content/validate.js';
import { ALLOCATIONS, AUDIENCE_SCOPES, EVENT_KINDS } from '../../domain/schemas/index.js';
import { holds, reverseKeys } from '../helpers/arbitraries.js';
import type { EventInput } from '../helpers/content.js';
import { editContent } from '../helpers/content.js';
import { bskyPostUrl, xPostUrl } from '../helpers/events.js';
import { VALID_FIXTURE } from '../helpers/fixtures.js';

const raw = await readContent(VALID_FIXTURE);

function revisionOf(content: RawContent): string {
  const result = validateContent(content);
  assert.ok(result.ok, result.ok ? '' : JSON.stringify(result.problems));
  return result.content.revision;
}

const BASE = revisionOf(raw);
const DAY_MS = 86_400_000;

test('the revision does not depend on the order of event files or of keys', (t) => {
  holds(
    t,
    fc.property(
      fc.shuffledSubarray([...raw.events], { minLength: raw.events.length }),
      fc.boolean(),
      (events, flip) => {
        const reordered = {
          ...raw,
          events: flip ? events.map((e) => ({ ...e, data: reverseKeys(e.data) })) : events,
        };
        assert.equal(revisionOf(reordered), BASE);
      },
    ),
    50,
  );
});

test('the same folder gives the same revision on every load', async (t) => {
  for (let load = 0; load < 3; load += 1)
    t.is(revisionOf(await readContent(VALID_FIXTURE)), BASE, `load ${load}`);
});

/** Picks a value of `values` other than `current`, `k` steps on. */
const other = <T>(values: readonly T[], current: unknown, k: number): T => {
  const rest = values.filter((value) => JSON.stringify(value) !== JSON.stringify(current));
  return rest[k % rest.length]!;
};

const PLAN_VALUES = [
  'all',
  'subscribers',
  'unspecified',
  ['pro'],
  ['max', 'team'],
  ['free', 'enterprise'],
] as const;
const WINDOW_VALUES = [
  ['weekly'],
  ['five_hour'],
  ['five_hour', 'weekly'],
  ['other'],
  ['unspecified'],
] as const;

/** Edits that keep the content valid; each changes exactly one published fact of one event. */
const EDITS: Record<string, (event: EventInput, k: number, text: string) => void> = {
  title: (e, _k, text) => void (e.title += text),
  summary: (e, _k, text) => void (e.summary += text),
  kind: (e, k) => void (e.kind = other(EVENT_KINDS, e.kind, k)),
  status: (e) => void (e.event_status = e.event_status === 'announced' ? 'confirmed' : 'announced'),
  allocation: (e, k) => void (e.allocation = other(ALLOCATIONS, e.allocation, k)),
  scope: (e, k) => void (e.audience.scope = other(AUDIENCE_SCOPES, e.audience.scope, k)),
  statement: (e, _k, text) => void (e.audience.statement += text),
  plans: (e, k) =>
    void (e.audience.plans = structuredClone(
      other(PLAN_VALUES, e.audience.plans, k),
    ) as EventInput['audience']['plans']),
  exclusions: (e, _k, text) => void (e.audience.exclusions = `${e.audience.exclusions ?? 'Except'}${text}`),
  windows: (e, k) => void (e.windows = [...other(WINDOW_VALUES, e.windows, k)]),
  effective_note: (e, _k, text) => void (e.effective_note = `${e.effective_note ?? 'Note'}${text}`),
  effective_at: (e, k) => {
    const current = e.effective_at ? Date.parse(e.effective_at) : Date.parse('2025-07-01T00:00:00Z');
    e.effective_at = new Date(current + (k + 1) * 1000).toISOString();
  },
  excerpt: (e, _k, text) => void (e.sources[0]!.excerpt = `${e.sources[0]!.excerpt ?? 'Quote'}${text}`),
  handle: (e, _k, text) => void (e.sources[0]!.handle += text),
  display_name: (e, _k, text) => void (e.sources[0]!.display_name += text),
  revision: (e, k) => {
    e.revision = (e.revision ?? 1) + 1;
    e.revised_at = new Date(Date.parse(e.revised_at) + (k + 1) * DAY_MS).toISOString();
  },
  related: (e) => {
    const target =
      e.id === '2025-04-02-status-page-reset' ? '2025-03-03-weekly-reset' : '2025-04-02-status-page-reset';
    const related = e.related_event_ids ?? [];
    e.related_event_ids = related.includes(target)
      ? related.filter((id) => id !== target)
      : [...related, target];
  },
  time: (e, k) => {
    const shift = (k + 1) * 60_000;
    if (e.time_precision === 'date') {
      e.announced_on = new Date(Date.parse(`${e.announced_on}T00:00:00Z`) + (k + 1) * DAY_MS)
        .toISOString()
        .slice(0, 10);
      return;
    }
    const original = e.sources.find((source) => source.role === 'original')!;
    const post = parsePostUrl(original.url);
    const decoded = post && decodePostTime(post);
    if (decoded === null || decoded === undefined) {
      e.announced_at = new Date(Date.parse(e.announced_at!) + shift).toISOString();
      return;
    }
    const moved = decoded + shift;
    original.url = post!.platform === 'x' ? xPostUrl(moved) : bskyPostUrl(moved * 1000);
    if (e.announced_at) e.announced_at = new Date(moved).toISOString();
    if (original.posted_at) original.posted_at = new Date(moved).toISOString();
  },
};

test('any edit of any event field changes the revision', (t) => {
  holds(
    t,
    fc.property(
      fc.nat({ max: raw.events.length - 1 }),
      fc.constantFrom(...Object.keys(EDITS)),
      fc.nat({ max: 10 }),
      fc.string({ minLength: 1, maxLength: 8 }),
      (index, field, k, text) => {
        const edited = editContent(raw, (draft) => {
          const data = draft.events[index]!.data as EventInput;
          EDITS[field]!(data, k, text);
        });
        assert.notEqual(revisionOf(edited), BASE, `${field} of event ${index}`);
      },
    ),
  );
});

test('edits to the collection or the sources directory change the revision', (t) => {
  const reviewed = editContent(
    raw,
    (draft) => void (draft.collection.editorial_reviewed_at = '2025-06-02T12:00:00Z'),
  );
  const source = editContent(raw, (draft) => void (draft.sources.sources[0]!.relevance += ' Also relays.'));
  const reordered = editContent(raw, (draft) => void draft.sources.sources.reverse());
  t.not(revisionOf(reviewed), BASE);
  t.not(revisionOf(source), BASE);
  // The directory's order is published, so reordering it is an edit too.
  t.not(revisionOf(reordered), BASE);
});
