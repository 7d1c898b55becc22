import test from 'ava';
import { buildCatalog, translationOf } from '../../../domain/catalog.js';
import { validateContent } from '../../../domain/content/validate.js';
import { readContent } from '../../../server/content/read-content.js';
import { ANNOUNCED, FIVE_HOUR, WEEKLY, assertProblems, editContent, eventFile } from '../../helpers/content.js';
import { VALID_FIXTURE } from '../../helpers/fixtures.js';

const raw = await readContent(VALID_FIXTURE);
const BASE_URL = 'https://tracker.example.org';

// WEEKLY is at revision 1 without an effective note; FIVE_HOUR at revision 2; ANNOUNCED has a note.
const translation = (revision: number) => ({
  revision,
  title: '週間上限のリセット',
  summary: '週間上限がリセットされました。',
  statement: 'すべての利用者',
});

function loaded(edited: typeof raw) {
  const result = validateContent(edited);
  if (!result.ok) throw new Error(JSON.stringify(result.problems, null, 2));
  return result;
}

test('a translation made from the current revision loads and is kept for the pages, not the record', (t) => {
  const result = loaded(
    editContent(raw, (draft) => void (draft.event(WEEKLY).translations = { ja: translation(1) })),
  );
  t.deepEqual(result.warnings, []);
  const catalog = buildCatalog(result.content, { origin: BASE_URL });
  t.like(translationOf(catalog, WEEKLY, 'ja'), { title: '週間上限のリセット', effective_note: null });
  t.is(translationOf(catalog, WEEKLY, 'ko'), null);
  t.is(translationOf(catalog, WEEKLY, 'en'), null);
  t.false('translations' in catalog.byId.get(WEEKLY)!);
});

test('translations change the content revision; a set without any keeps its own', (t) => {
  const plain = loaded(raw).content.revision;
  const translated = loaded(
    editContent(raw, (draft) => void (draft.event(WEEKLY).translations = { ja: translation(1) })),
  );
  t.not(translated.content.revision, plain);
  t.is(
    loaded(editContent(raw, (draft) => void (draft.event(WEEKLY).translations = {}))).content.revision,
    plain,
  );
});

test('a stale translation is a warning: the content loads, and the pages do not get it', (t) => {
  const result = loaded(
    editContent(raw, (draft) => void (draft.event(FIVE_HOUR).translations = { ko: translation(1) })),
  );
  t.deepEqual(
    result.warnings.map(({ file, path }) => ({ file, path })),
    [{ file: eventFile(FIVE_HOUR), path: 'translations.ko.revision' }],
  );
  t.regex(result.warnings[0]!.rule, /stale: translated from revision 1, the event is at revision 2/);
  t.is(translationOf(buildCatalog(result.content, { origin: BASE_URL }), FIVE_HOUR, 'ko'), null);
});

test('a translation newer than its event is refused', (t) => {
  const edited = editContent(
    raw,
    (draft) => void (draft.event(WEEKLY).translations = { ja: translation(2) }),
  );
  assertProblems(t, edited, [
    {
      file: eventFile(WEEKLY),
      path: 'translations.ja.revision',
      rule: /must not be newer than the event's revision \(1\)/,
    },
  ]);
});

test('a current translation carries an effective note exactly when its event has one', (t) => {
  const edited = editContent(raw, (draft) => {
    draft.event(WEEKLY).translations = { 'zh-CN': { ...translation(1), effective_note: '已生效。' } };
    draft.event(ANNOUNCED).translations = { 'zh-TW': translation(1) };
  });
  assertProblems(t, edited, [
    { file: eventFile(WEEKLY), path: 'translations.zh-CN.effective_note', rule: /must be absent/ },
    { file: eventFile(ANNOUNCED), path: 'translations.zh-TW.effective_note', rule: /is required/ },
  ]);
  const withNote = { ...translation(1), effective_note: '「来週の火曜日」とされています。' };
  const result = loaded(
    editContent(raw, (draft) => void (draft.event(ANNOUNCED).translations = { ja: withNote })),
  );
  t.like(translationOf(buildCatalog(result.content, { origin: BASE_URL }), ANNOUNCED, 'ja'), {
    effective_note: withNote.effective_note,
  });
});

test('a translation is bounded like the English fields, needs its statement, and names only page languages', (t) => {
  const edited = editContent(raw, (draft) => {
    draft.event(WEEKLY).translations = {
      ja: { ...translation(1), title: 'あ'.repeat(201) },
      // @ts-expect-error: English is the event itself, not a translation.
      en: translation(1),
    };
    const withoutStatement: Partial<ReturnType<typeof translation>> = translation(2);
    delete withoutStatement.statement;
    draft.event(FIVE_HOUR).translations = { ko: withoutStatement as ReturnType<typeof translation> };
  });
  assertProblems(t, edited, [
    { file: eventFile(WEEKLY), path: 'translations.ja.title', rule: /Too big/ },
    { file: eventFile(WEEKLY), path: 'translations', rule: /Unrecognized key: "en"/ },
    { file: eventFile(FIVE_HOUR), path: 'translations.ko.statement', rule: /the field is missing/ },
  ]);
});
