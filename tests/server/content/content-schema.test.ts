import test from 'ava';
import { readContent } from '../../../server/content/read-content.js';
import { validateContent } from '../../../domain/content/validate.js';
import { DATED, FIVE_HOUR, WEEKLY, assertProblems, editContent, eventFile } from '../../helpers/content.js';
import { VALID_FIXTURE } from '../../helpers/fixtures.js';

const raw = await readContent(VALID_FIXTURE);

test('an empty events folder is refused', (t) => {
  assertProblems(t, { ...raw, events: [] }, [{ file: 'events/', path: '', rule: /at least one event/ }]);
});

test('the directory stays usable when only events are invalid', (t) => {
  const result = validateContent(editContent(raw, (draft) => void (draft.event(WEEKLY).title = '')));
  t.false(result.ok);
  if (result.ok) return;
  t.is(result.directory?.sources.length, 2);
  t.is(result.directory?.collection.coverage_start, '2025-01-01');
});

test('an unknown key is refused (files are strict)', (t) => {
  const edited = editContent(raw, (draft) => Object.assign(draft.event(WEEKLY), { colour: 'red' }));
  assertProblems(t, edited, [{ file: eventFile(WEEKLY), path: '', rule: /Unrecognized key: "colour"/ }]);
});

test('an unknown key in the collection or a source account is refused', (t) => {
  const edited = editContent(raw, (draft) => {
    Object.assign(draft.collection, { maintainer: 'me' });
    Object.assign(draft.sources.sources[1]!, { followers: 10 });
  });
  assertProblems(t, edited, [
    { file: 'collection.json', path: '', rule: /"maintainer"/ },
    { file: 'sources.json', path: 'sources[1]', rule: /"followers"/ },
  ]);
});

test('a value outside its enum is refused with the allowed values', (t) => {
  const edited = editContent(raw, (draft) => {
    (draft.event(WEEKLY) as { kind: string }).kind = 'usage_rest';
    (draft.event(DATED).sources[0] as { role: string }).role = 'primary';
  });
  assertProblems(t, edited, [
    { file: eventFile(WEEKLY), path: 'kind', rule: /"usage_reset"/ },
    { file: eventFile(DATED), path: 'sources[0].role', rule: /"original"/ },
  ]);
});

test('an id that is not a URL slug is refused', (t) => {
  for (const id of [
    'Upper-Case',
    'under_score',
    'double--hyphen',
    '-leading',
    'trailing-',
    'a'.repeat(101),
  ]) {
    const edited = editContent(raw, (draft) => void (draft.event(DATED).id = id));
    assertProblems(t, edited, [{ file: eventFile(DATED), path: 'id', rule: /slug|Too big/ }]);
  }
});

test('"unspecified" must be the only window', (t) => {
  const edited = editContent(raw, (draft) => void (draft.event(DATED).windows = ['unspecified', 'weekly']));
  assertProblems(t, edited, [
    { file: eventFile(DATED), path: 'windows', rule: /"unspecified" must stand alone/ },
  ]);
});

test('a repeated window or plan is refused', (t) => {
  const edited = editContent(raw, (draft) => {
    draft.event(WEEKLY).windows = ['weekly', 'weekly'];
    draft.event(FIVE_HOUR).audience.plans = ['pro', 'max', 'pro'];
  });
  assertProblems(t, edited, [
    { file: eventFile(WEEKLY), path: 'windows', rule: /must not repeat/ },
    { file: eventFile(FIVE_HOUR), path: 'audience.plans', rule: /plans must not repeat/ },
  ]);
});

test('plans that are neither a plan group nor a list of plans name the allowed values', (t) => {
  for (const plans of ['everyone', ['pro', 'gold'], []]) {
    const edited = editContent(
      raw,
      (draft) => void ((draft.event(DATED).audience as { plans: unknown }).plans = plans),
    );
    assertProblems(t, edited, [
      { file: eventFile(DATED), path: 'audience.plans', rule: /subscribers|Too small/ },
    ]);
  }
});

test('revision 0 is refused', (t) => {
  const edited = editContent(raw, (draft) => void (draft.event(WEEKLY).revision = 0));
  assertProblems(t, edited, [{ file: eventFile(WEEKLY), path: 'revision', rule: />=\s?1/ }]);
});

test('a date-time without a zone and a malformed date are refused', (t) => {
  const edited = editContent(raw, (draft) => {
    draft.event(WEEKLY).first_published_at = '2025-03-03T18:00:00';
    draft.event(DATED).announced_on = '2025-02-30';
  });
  assertProblems(t, edited, [
    { file: eventFile(WEEKLY), path: 'first_published_at', rule: /datetime/ },
    { file: eventFile(DATED), path: 'announced_on', rule: /date/ },
  ]);
});

test('a source URL must be https', (t) => {
  const edited = editContent(
    raw,
    (draft) => void (draft.event(DATED).sources[0]!.url = 'http://status.example.com/x'),
  );
  assertProblems(t, edited, [{ file: eventFile(DATED), path: 'sources[0].url', rule: /URL/ }]);
});

test('duplicate source account ids are refused', (t) => {
  const edited = editContent(
    raw,
    (draft) => void (draft.sources.sources[1]!.id = draft.sources.sources[0]!.id),
  );
  assertProblems(t, edited, [
    { file: 'sources.json', path: 'sources', rule: /id "example-official" is used more than once/ },
  ]);
});

test('a missing required field is named', (t) => {
  const edited = editContent(raw, (draft) => {
    delete (draft.event(DATED) as { summary?: string }).summary;
    delete (draft.collection as { coverage_start?: string }).coverage_start;
  });
  assertProblems(t, edited, [
    { file: eventFile(DATED), path: 'summary', rule: /expected string/ },
    { file: 'collection.json', path: 'coverage_start', rule: /expected string/ },
  ]);
});
