import test from 'ava';
import { loadContent } from '../../../server/content/read-content.js';
import { BROKEN_FIXTURES, VALID_FIXTURE } from '../../helpers/fixtures.js';

test('the valid fixture loads', async (t) => {
  const result = await loadContent(VALID_FIXTURE);
  t.true(result.ok);
});

test('a file that is not valid JSON is named with the parse error', async (t) => {
  const result = await loadContent(BROKEN_FIXTURES.badJson);
  t.false(result.ok);
  if (result.ok) return;
  t.is(result.problems.length, 1);
  t.like(result.problems[0], { file: 'collection.json', path: '' });
  t.regex(result.problems[0]!.rule, /^is not valid JSON: /);
});

test('a missing file is named', async (t) => {
  const result = await loadContent(BROKEN_FIXTURES.missingFile);
  t.false(result.ok);
  if (result.ok) return;
  t.deepEqual(result.problems, [{ file: 'sources.json', path: '', rule: 'file is missing' }]);
  t.is(result.directory, null);
});

test('a missing events folder is named once', async (t) => {
  const result = await loadContent(BROKEN_FIXTURES.noEventsFolder);
  t.false(result.ok);
  if (result.ok) return;
  t.deepEqual(result.problems, [{ file: 'events/', path: '', rule: 'folder is missing or cannot be read' }]);
});

test('a folder with several broken files reports every problem at once', async (t) => {
  const result = await loadContent(BROKEN_FIXTURES.multiple);
  t.false(result.ok);
  if (result.ok) return;
  const found = result.problems.map((problem) => `${problem.file} ${problem.path}`).sort();
  t.deepEqual(found, [
    'events/bad-json.json ',
    'events/dangling-related.json related_event_ids[0]',
    'events/exact-with-date.json announced_on',
    'events/unknown-key.json ',
    'events/wrong-name.json id',
    'sources.json sources',
  ]);
  // The events' problems do not hide that the directory itself is broken, and vice versa.
  t.is(result.directory, null);
});
