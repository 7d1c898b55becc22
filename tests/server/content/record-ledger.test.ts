import { readFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import type { CitingEvent, Ledger } from '../../../domain/content/ledger.js';
import { Ledger as LedgerSchema, PeerPostIds, ledgerProblems } from '../../../domain/content/ledger.js';
import { formatProblem } from '../../../domain/content/problems.js';
import { loadContent } from '../../../server/content/read-content.js';
import { ROOT, SHIPPED_CONTENT } from '../../helpers/fixtures.js';

const RECORD = path.join(ROOT, 'docs/record');
const readJson = async (name: string): Promise<unknown> =>
  JSON.parse(await readFile(path.join(RECORD, name), 'utf8')) as unknown;

async function shipped() {
  const result = await loadContent(SHIPPED_CONTENT);
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
  const events: readonly CitingEvent[] = result.content.events;
  return {
    events,
    ledger: LedgerSchema.parse(await readJson('ledger.json')),
    peers: PeerPostIds.parse(await readJson('peer-post-ids.json')),
  };
}

test('the ledger holds every provider post the record cites and every post id the peers cite', async (t) => {
  const { events, ledger, peers } = await shipped();
  t.deepEqual(ledgerProblems(ledger, events, peers), []);
  t.true(ledger.entries.some((entry) => 'left_out' in entry), 'it keeps what was left out, with why');
});

test('a post the peers cite that the ledger lacks is named', async (t) => {
  const { events, ledger, peers } = await shipped();
  const dropped = ledger.entries.find((entry) => entry.url.endsWith('/status/2044868953206612154'));
  t.truthy(dropped, 'the 16 April post is in the ledger, left out');
  const without: Ledger = { ...ledger, entries: ledger.entries.filter((entry) => entry !== dropped) };
  t.deepEqual(ledgerProblems(without, events, peers), [
    'gmkbenjamin/claude-resets cites post 2044868953206612154, which the ledger does not hold',
  ]);
});

test('an event citing a post the ledger does not hold is named', async (t) => {
  const { events, ledger, peers } = await shipped();
  const added: CitingEvent = { id: 'added-event', sources: [{ url: 'https://x.com/ClaudeDevs/status/2108287358374482399' }] };
  t.deepEqual(ledgerProblems(ledger, [...events, added], peers), [
    'added-event cites https://x.com/ClaudeDevs/status/2108287358374482399, which the ledger does not hold',
  ]);
});

test('an entry whose event does not cite it, or whose date is not its id\'s, is named', async (t) => {
  const { events, ledger, peers } = await shipped();
  const entries = ledger.entries.map((entry) =>
    entry.url === 'https://x.com/trq212/status/2027232172810416493'
      ? { ...entry, date: '2026-02-26', events: ['2026-04-23-reset-after-claude-code-post-mortem'] }
      : entry,
  );
  const problems = ledgerProblems({ ...ledger, entries }, events, peers);
  t.true(problems.includes('https://x.com/trq212/status/2027232172810416493: dated 2026-02-26, its id encodes 2026-02-27'));
  t.true(
    problems.includes(
      'https://x.com/trq212/status/2027232172810416493: names 2026-04-23-reset-after-claude-code-post-mortem, which does not cite it',
    ),
  );
  t.true(problems.some((line) => line.startsWith('2026-02-27-reset-after-prompt-caching-bug cites')));
});

test('a page dated on a day none of its events has is named, as the post-mortem once was', async (t) => {
  const { events, ledger, peers } = await shipped();
  const url = 'https://www.anthropic.com/engineering/april-23-postmortem';
  const entries = ledger.entries.map((entry) =>
    entry.url === url ? { ...entry, date: '2026-03-31', events: ['2026-04-23-reset-after-claude-code-post-mortem'] } : entry,
  );
  t.deepEqual(ledgerProblems({ ...ledger, entries }, events, peers), [
    `${url}: dated 2026-03-31, but none of its events is of that day (2026-04-23)`,
    `2026-03-30-claude-code-limits-draining-faster cites ${url}, whose ledger entry does not name it`,
  ]);
});

test('the ledger reaches as far as the record says it read: one material_until', async (t) => {
  const { ledger } = await shipped();
  const collection = JSON.parse(await readFile(path.join(SHIPPED_CONTENT, 'collection.json'), 'utf8')) as {
    material_until?: string;
  };
  t.is(collection.material_until, ledger.material_until);
  t.true(ledger.material_until <= ledger.reviewed_on);
});
