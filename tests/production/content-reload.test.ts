import test from 'ava';
import { loadContent } from '../../server/content/read-content.js';
import type { ValidationResult } from '../../domain/content/validate.js';
import { ContentState } from '../../server/content/content-state.js';
import { editJson } from './helpers/content.js';
import { sleep } from './helpers/http.js';
import { BASE_URL, copyContent, VALID_FIXTURE } from '../helpers/fixtures.js';

test('overlapping reloads (two quick SIGHUPs) apply in the order they were asked', async (t) => {
  const copy = await copyContent(VALID_FIXTURE);
  const dir = copy.dir;
  try {
    await editJson(dir, 'events/2025-03-10-five-hour-reset.json', (event) => {
      event.summary = 'Edited after the first republish.';
    });
    const older = await loadContent(VALID_FIXTURE);
    const newer = await loadContent(dir);
    if (!older.ok || !newer.ok) throw new Error('fixture content must be valid');
    // The first load is slow, the second fast: without ordering the older set would land last.
    const loads: (() => Promise<ValidationResult>)[] = [
      async () => {
        await sleep(200);
        return older;
      },
      () => Promise.resolve(newer),
    ];
    const content = new ContentState(() => loads.shift()!(), BASE_URL);
    const outcomes = await Promise.all([content.reload(), content.reload()]);
    t.deepEqual(
      outcomes.map((outcome) => outcome.revision),
      [older.content.revision, newer.content.revision],
    );
    t.is(content.snapshot.catalog?.revision, newer.content.revision);
  } finally {
    await copy.dispose();
  }
});

test('a loader that throws is a refused reload: the last good set keeps serving', async (t) => {
  let fail = false;
  const content = new ContentState(async () => {
    if (fail) throw new Error('EIO: disk gone');
    return loadContent(VALID_FIXTURE);
  }, BASE_URL);
  const first = await content.reload();
  fail = true;
  const second = await content.reload();
  t.true(first.ok);
  t.false(second.ok);
  t.is(second.revision, first.revision);
  t.is(content.snapshot.catalog?.revision ?? null, first.revision);
  t.deepEqual(second.problems, [
    { file: 'content folder', path: '', rule: 'could not be loaded: EIO: disk gone' },
  ]);
});
