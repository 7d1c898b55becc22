import test from 'ava';
import { buildCatalog } from '../../../domain/catalog.js';
import type { LedgerEntry, LedgerMark } from '../../../domain/alerts.js';
import { decidePublication } from '../../../domain/alerts.js';
import { formatProblem } from '../../../domain/content/problems.js';
import type { ResetSummary } from '../../../domain/schemas/index.js';
import { loadContent } from '../../../server/content/read-content.js';
import { BASE_URL, SHIPPED_CONTENT } from '../../helpers/fixtures.js';

/**
 * Publishing the shipped record sends no alert (docs/curating.md, "What counts"): it holds
 * history, backfilled events and corrections, never a reset that is new to a running service.
 *
 * The record was first published at FIRST_PUBLISHED with every event at revision 1, confirmed. A
 * ledger that began before it saw each of its usage resets then; the audit of 27 November 2026
 * corrected some (revision 2), reclassified one as a credit and left two out. Any later edit that
 * adds a usage reset, or turns one announced or confirmed anew, makes an alert and fails here
 * unless the curator marks it silent (`content:new --no-alert`).
 */
const FIRST_PUBLISHED = '2026-11-25T16:18:30Z';
const LEDGER_BEGAN = Date.parse('2026-11-01T00:00:00Z');

/**
 * Usage resets added to the record later as history, each published with the curator's silent mark
 * (`content:new --no-alert`, or `content:revise -- <id> --no-alert` for a file written by hand): the
 * sweep of issue 59 found the reset of 25 December 2025, eleven months after it happened.
 */
const BACKFILLED: readonly LedgerMark[] = [
  { eventId: '2025-12-25-weekly-caps-reset-holiday-promotion', revision: 1, mode: 'silent' },
];

async function shippedResets(): Promise<ResetSummary[]> {
  const result = await loadContent(SHIPPED_CONTENT);
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
  return [...buildCatalog(result.content, { origin: BASE_URL }).byId.values()];
}

/** What a ledger running since before the first publication saw of it: each reset at revision 1. */
function ledgerOfFirstPublication(events: readonly ResetSummary[]): Map<string, LedgerEntry> {
  const ledger = new Map<string, LedgerEntry>();
  for (const event of events) {
    if (event.kind !== 'usage_reset' || event.first_published_at !== FIRST_PUBLISHED) continue;
    ledger.set(event.id, { status: 'confirmed', revision: 1 });
  }
  return ledger;
}

test('publishing the record over the ledger of its first publication alerts nobody', async (t) => {
  const events = await shippedResets();
  const decision = decidePublication(events, ledgerOfFirstPublication(events), BACKFILLED, LEDGER_BEGAN);
  t.deepEqual(
    decision.alerts.map((alert) => alert.key),
    [],
  );
  const silent = new Set(BACKFILLED.map((mark) => mark.eventId));
  t.true(
    decision.entries.every(
      (entry) => entry.status === 'confirmed' && (entry.revision > 1 || silent.has(entry.eventId)),
    ),
    'only corrected resets and silent backfills are recorded anew',
  );
});

test('a ledger that begins with the record finds only history in it', async (t) => {
  const events = await shippedResets();
  const newest = Math.max(...events.map((event) => Date.parse(event.revised_at)));
  t.deepEqual(decidePublication(events, new Map(), [], newest + 1000).alerts, []);
});

test('every usage reset of the record was first published with it or backfilled silently: none is new', async (t) => {
  const resets = (await shippedResets()).filter((event) => event.kind === 'usage_reset');
  t.true(resets.length > 0);
  const silent = new Set(BACKFILLED.map((mark) => mark.eventId));
  for (const reset of resets)
    if (!silent.has(reset.id)) t.is(reset.first_published_at, FIRST_PUBLISHED, reset.id);
});

test('the check can fail: a reset added to the record after the ledger began would alert', async (t) => {
  const events = await shippedResets();
  const model = events.find((event) => event.kind === 'usage_reset')!;
  const added: ResetSummary = {
    ...model,
    id: '2026-11-27-added-reset',
    first_published_at: '2026-11-27T20:00:00Z',
    revised_at: '2026-11-27T20:00:00Z',
    revision: 1,
  };
  const decision = decidePublication(
    [...events, added],
    ledgerOfFirstPublication(events),
    BACKFILLED,
    LEDGER_BEGAN,
  );
  t.deepEqual(
    decision.alerts.map((alert) => alert.key),
    ['2026-11-27-added-reset:confirmed'],
  );
});
