import { readFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import {
  SHINGLE_WORDS,
  normalizedWords,
  sharedRuns,
  shingleHash,
  shingles,
} from '../../../domain/content/shingles.js';
import { formatProblem } from '../../../domain/content/problems.js';
import { loadContent } from '../../../server/content/read-content.js';
import { ROOT, SHIPPED_CONTENT } from '../../helpers/fixtures.js';

/**
 * Our own words (docs/curating.md, "What counts"): no title, summary, effective note or audience
 * statement of the shipped record shares a run of eight words with the other trackers' prose that
 * docs/record/RESEARCH.md lists. Only hashes of their runs are kept (`npm run record:shingles`).
 */
interface ShingleFile {
  readonly words: number;
  readonly sources: readonly { readonly name: string; readonly shingles: number }[];
  readonly hashes: readonly string[];
}

const shingleFile = async (): Promise<ShingleFile> =>
  JSON.parse(await readFile(path.join(ROOT, 'docs/record/prose-shingles.json'), 'utf8')) as ShingleFile;

test('the hash file is what the test compares with: 8-word runs, several sources, hashes only', async (t) => {
  const file = await shingleFile();
  t.is(file.words, SHINGLE_WORDS);
  t.true(file.sources.length >= 3, 'the three trackers the research notes list');
  t.true(file.hashes.length > 500);
  t.true(file.hashes.every((hash) => /^[0-9a-f]{16}$/.test(hash)));
});

test('the record shares no run of eight words with the other trackers’ prose', async (t) => {
  const hashes = new Set((await shingleFile()).hashes);
  const result = await loadContent(SHIPPED_CONTENT);
  if (!result.ok) return t.fail(result.problems.map(formatProblem).join('\n'));
  const found: string[] = [];
  let checked = 0;
  for (const event of result.content.events) {
    const fields = {
      title: event.title,
      summary: event.summary,
      effective_note: event.effective_note,
      'audience.statement': event.audience.statement,
    };
    for (const [field, text] of Object.entries(fields)) {
      if (!text) continue;
      checked += 1;
      for (const run of sharedRuns(text, hashes)) found.push(`${event.id} ${field}: "${run}"`);
    }
  }
  t.true(checked > 100);
  t.deepEqual(found, []);
});

test('a run is found whatever its case, punctuation, digits or possessives', (t) => {
  const theirs = 'The five-hour limits of Claude Code were reset for everyone on Friday.';
  const hashes = new Set(shingles(normalizedWords(theirs)).map(shingleHash));
  t.deepEqual(sharedRuns('Our own sentence, written afresh from the post.', hashes), []);
  const pasted = 'Yesterday the 5-hour limits of Claude Code’s were RESET for everyone, on Friday!';
  t.deepEqual(sharedRuns(pasted, hashes), [
    'the 5 hour limits of claude code were',
    '5 hour limits of claude code were reset',
    'hour limits of claude code were reset for',
    'limits of claude code were reset for everyone',
    'of claude code were reset for everyone on',
    'claude code were reset for everyone on friday',
  ]);
  t.deepEqual(sharedRuns('limits of Claude Code were reset for', hashes), [], 'seven words are not a run');
});
