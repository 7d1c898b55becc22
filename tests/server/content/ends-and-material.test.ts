import test from 'ava';
import { validateContent } from '../../../domain/content/validate.js';
import { readContent } from '../../../server/content/read-content.js';
import { WEEKLY, assertProblems, editContent, eventFile } from '../../helpers/content.js';
import { VALID_FIXTURE } from '../../helpers/fixtures.js';

const raw = await readContent(VALID_FIXTURE);

/** WEEKLY (announced 2025-03-03T17:04:05Z) made an increase, with the edit applied. */
const asIncrease = (edit: (event: Record<string, unknown>) => void) =>
  editContent(raw, (draft) => {
    const event = draft.event(WEEKLY) as Record<string, unknown>;
    event.kind = 'limit_increase';
    edit(event);
  });

test('a stated end, an instant or a day, is kept beside the record and moves the revision', (t) => {
  const before = validateContent(asIncrease(() => undefined));
  const instant = validateContent(asIncrease((event) => (event.ends_at = '2025-03-13T01:00:00Z')));
  const day = validateContent(asIncrease((event) => (event.ends_at = '2025-03-31')));
  if (!before.ok || !instant.ok || !day.ok) return t.fail('the content should load');
  t.is(before.content.ends, undefined);
  t.deepEqual(instant.content.ends, { [WEEKLY]: '2025-03-13T01:00:00Z' });
  t.deepEqual(day.content.ends, { [WEEKLY]: '2025-03-31' });
  t.false('ends_at' in instant.content.events.find((event) => event.id === WEEKLY)!, 'the record stays closed');
  t.not(instant.content.revision, before.content.revision);
  t.not(instant.content.revision, day.content.revision);
});

test('an end is refused on a reset, before the event, or in another format', (t) => {
  assertProblems(
    t,
    editContent(raw, (draft) => void ((draft.event(WEEKLY) as Record<string, unknown>).ends_at = '2025-03-31')),
    [{ file: eventFile(WEEKLY), path: 'ends_at', rule: /must be absent on a usage_reset/ }],
  );
  assertProblems(t, asIncrease((event) => (event.ends_at = '2025-03-03T17:00:00Z')), [
    { file: eventFile(WEEKLY), path: 'ends_at', rule: /must be after the event was announced/ },
  ]);
  assertProblems(t, asIncrease((event) => (event.ends_at = '2025-03-02')), [
    { file: eventFile(WEEKLY), path: 'ends_at', rule: /must not be before the day/ },
  ]);
  assertProblems(
    t,
    asIncrease((event) => {
      event.effective_at = '2025-03-10T00:00:00Z';
      event.ends_at = '2025-03-09T00:00:00Z';
    }),
    [{ file: eventFile(WEEKLY), path: 'ends_at', rule: /must be after effective_at/ }],
  );
  assertProblems(t, asIncrease((event) => (event.ends_at = 'July 13')), [
    { file: eventFile(WEEKLY), path: 'ends_at', rule: /a UTC date-time or a date/ },
  ]);
});

test('material_until lies between coverage_start and the day of the editorial review', (t) => {
  const within = validateContent(editContent(raw, (draft) => void (draft.collection.material_until = '2025-05-30')));
  t.true(within.ok);
  if (within.ok) t.is(within.content.collection.material_until, '2025-05-30');
  assertProblems(t, editContent(raw, (draft) => void (draft.collection.material_until = '2024-12-31')), [
    { file: 'collection.json', path: 'material_until', rule: /must not be before coverage_start \(2025-01-01\)/ },
  ]);
  assertProblems(t, editContent(raw, (draft) => void (draft.collection.material_until = '2025-06-02')), [
    { file: 'collection.json', path: 'material_until', rule: /must not be after the day of editorial_reviewed_at \(2025-06-01\)/ },
  ]);
});
