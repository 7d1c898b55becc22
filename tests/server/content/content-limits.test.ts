import test from 'ava';
import { readContent } from '../../../server/content/read-content.js';
import { CONTENT_LIMITS } from '../../../domain/content/files.js';
import { validateContent } from '../../../domain/content/validate.js';
import { WEEKLY, assertProblems, editContent, eventFile } from '../../helpers/content.js';
import { VALID_FIXTURE } from '../../helpers/fixtures.js';

const raw = await readContent(VALID_FIXTURE);
const over = (limit: number) => 'x'.repeat(limit + 1);

test('a text field past its bound is refused, naming the field and the bound', (t) => {
  const edited = editContent(raw, (draft) => {
    const event = draft.event(WEEKLY);
    event.summary = over(CONTENT_LIMITS.summary);
    event.title = over(CONTENT_LIMITS.title);
    event.audience.statement = over(CONTENT_LIMITS.statement);
    event.sources[0]!.excerpt = over(CONTENT_LIMITS.excerpt);
  });
  const tooBig = /Too big: expected string to have <=(\d+) characters/;
  assertProblems(t, edited, [
    { file: eventFile(WEEKLY), path: 'summary', rule: tooBig },
    { file: eventFile(WEEKLY), path: 'title', rule: tooBig },
    { file: eventFile(WEEKLY), path: 'audience.statement', rule: tooBig },
    { file: eventFile(WEEKLY), path: 'sources[0].excerpt', rule: tooBig },
  ]);
});

test('a text field at its bound is accepted', (t) => {
  const edited = editContent(raw, (draft) => {
    draft.event(WEEKLY).summary = 'x'.repeat(CONTENT_LIMITS.summary);
  });
  t.true(validateContent(edited).ok);
});

test('more sources per event than the bound is refused', (t) => {
  const edited = editContent(raw, (draft) => {
    const event = draft.event(WEEKLY);
    const relay = { ...event.sources[0]!, role: 'relay' as const, posted_at: null };
    event.sources = [
      event.sources[0]!,
      ...Array.from({ length: CONTENT_LIMITS.sourcesPerEvent }, (_, i) => ({
        ...relay,
        url: `https://example.org/relay/${i}`,
      })),
    ];
  });
  assertProblems(t, edited, [{ file: eventFile(WEEKLY), path: 'sources', rule: /Too big/ }]);
});

test('a source account text past its bound is refused', (t) => {
  const edited = editContent(raw, (draft) => {
    draft.sources.sources[0]!.relevance = over(CONTENT_LIMITS.accountText);
  });
  assertProblems(t, edited, [{ file: 'sources.json', path: 'sources[0].relevance', rule: /Too big/ }]);
});
