import test from 'ava';
import type { LedgerEntry, LedgerMark } from '../../domain/alerts.js';
import { ALERT_FILTERS, decidePublication } from '../../domain/alerts.js';
import type { ResetSummary } from '../../domain/schemas/index.js';
import { catalogOf, dateEvent } from '../helpers/events.js';

const STARTED = Date.parse('2026-11-01T00:00:00Z');

/** One usage reset, first published at `at`, as the catalog publishes it. */
function reset(id: string, at: string, overrides: Parameters<typeof dateEvent>[2] = {}): ResetSummary {
  const catalog = catalogOf([
    dateEvent(id, id.slice(0, 10), { first_published_at: at, revised_at: at, ...overrides }),
  ]);
  return catalog.byId.get(id)!;
}

const decide = (events: ResetSummary[], ledger: Record<string, LedgerEntry> = {}, marks: LedgerMark[] = []) =>
  decidePublication(events, new Map(Object.entries(ledger)), marks, STARTED);

test('a new confirmed reset published after the ledger began makes one alert; history makes none', (t) => {
  const fresh = reset('2026-11-20-fresh', '2026-11-20T10:00:00Z');
  const old = reset('2026-10-20-old', '2026-10-20T10:00:00Z');
  const decision = decide([fresh, old]);
  t.deepEqual(
    decision.alerts.map((alert) => [alert.key, alert.reason]),
    [['2026-11-20-fresh:confirmed', 'confirmed']],
  );
  t.deepEqual(
    decision.entries.map((entry) => entry.eventId),
    ['2026-11-20-fresh', '2026-10-20-old'],
    'both are recorded',
  );
});

test('an event published within the ledger’s first second is not history', (t) => {
  const edge = reset('2026-11-01-edge', '2026-11-01T00:00:00Z');
  t.is(decidePublication([edge], new Map(), [], STARTED + 400).alerts.length, 1);
});

test('announced, then confirmed: one alert each; a status already seen: none', (t) => {
  const announced = reset('2026-11-20-a', '2026-11-20T10:00:00Z', { event_status: 'announced' });
  t.deepEqual(
    decide([announced]).alerts.map((alert) => alert.reason),
    ['announced'],
  );
  const confirmed = reset('2026-11-20-a', '2026-11-20T10:00:00Z', { event_status: 'confirmed', revision: 2 });
  const seen = { '2026-11-20-a': { status: 'announced', revision: 1 } } as const;
  t.deepEqual(
    decide([confirmed], seen).alerts.map((alert) => alert.key),
    ['2026-11-20-a:confirmed'],
  );
  t.deepEqual(decide([confirmed], { '2026-11-20-a': { status: 'confirmed', revision: 2 } }), {
    entries: [],
    alerts: [],
  });
});

test('a correction is silent unless marked alert; a silent mark silences a new event', (t) => {
  const corrected = reset('2026-11-20-c', '2026-11-20T10:00:00Z', { revision: 3 });
  const seen = { '2026-11-20-c': { status: 'confirmed', revision: 2 } } as const;
  const silent = decide([corrected], seen);
  t.deepEqual(silent.alerts, []);
  t.deepEqual(silent.entries, [{ eventId: '2026-11-20-c', status: 'confirmed', revision: 3 }]);
  const asked = decide([corrected], seen, [{ eventId: '2026-11-20-c', revision: 3, mode: 'alert' }]);
  t.deepEqual(
    asked.alerts.map((alert) => alert.key),
    ['2026-11-20-c:corrected:3'],
  );
  const backfill = reset('2026-11-20-b', '2026-11-20T10:00:00Z');
  t.deepEqual(decide([backfill], {}, [{ eventId: '2026-11-20-b', revision: 1, mode: 'silent' }]).alerts, []);
});

test('an older revision than the ledger’s (a process serving older content) changes nothing', (t) => {
  const older = reset('2026-11-20-o', '2026-11-20T10:00:00Z', { event_status: 'announced', revision: 1 });
  t.deepEqual(decide([older], { '2026-11-20-o': { status: 'confirmed', revision: 2 } }), {
    entries: [],
    alerts: [],
  });
});

test('a cancelled reset and other kinds make no alert', (t) => {
  const cancelled = reset('2026-11-20-x', '2026-11-20T10:00:00Z', { event_status: 'cancelled' });
  const credit = reset('2026-11-20-k', '2026-11-20T10:00:00Z', { kind: 'credit' });
  const decision = decide([cancelled, credit]);
  t.deepEqual(decision.alerts, []);
  t.deepEqual(
    decision.entries.map((entry) => entry.eventId),
    ['2026-11-20-x'],
    'only usage resets are recorded',
  );
});

test('an alert names exactly the filter pairs the event matches', (t) => {
  const proWeekly = reset('2026-11-20-p', '2026-11-20T10:00:00Z', {
    audience: { scope: 'limited', statement: 'Pro', plans: ['pro'], exclusions: null },
    windows: ['weekly'],
  });
  const [alert] = decide([proWeekly]).alerts;
  t.deepEqual(alert?.matching, ['all/any', 'all/weekly', 'pro/any', 'pro/weekly']);
  t.is(ALERT_FILTERS.length, 15);
});
