import test from 'ava';
import { loadContent } from '../../../server/content/read-content.js';
import type { ValidationResult } from '../../../domain/content/validate.js';
import { ContentState } from '../../../server/content/content-state.js';
import { editJson } from '../../production/helpers/content.js';
import { BASE_URL, copyContent, VALID_FIXTURE } from '../../helpers/fixtures.js';

test('two overlapping reload() calls run one at a time and apply in the order they were asked', async (t) => {
  const copy = await copyContent(VALID_FIXTURE);
  const dir = copy.dir;
  try {
    await editJson(dir, 'events/2025-03-10-five-hour-reset.json', (event) => {
      event.summary = 'Edited after the first republish.';
    });
    const older = await loadContent(VALID_FIXTURE);
    const newer = await loadContent(dir);
    if (!older.ok || !newer.ok) throw new Error('fixture content must be valid');
    // The first load is held until the test lets it go, the second answers at once: were the
    // reloads not run one at a time, the newer set would land first and the older one over it.
    let releaseOlder = () => {};
    const olderHeld = new Promise<void>((resolve) => (releaseOlder = resolve));
    const loads: (() => Promise<ValidationResult>)[] = [
      async () => {
        await olderHeld;
        return older;
      },
      () => Promise.resolve(newer),
    ];
    const content = new ContentState(() => loads.shift()!(), BASE_URL);
    const outcomes = Promise.all([content.reload(), content.reload()]);
    // A turn of the event loop runs every promise callback ready: the second load has not started.
    await new Promise((resolve) => setImmediate(resolve));
    t.is(loads.length, 1, 'the second load waits for the first reload');
    releaseOlder();
    t.deepEqual(
      (await outcomes).map((outcome) => outcome.revision),
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
