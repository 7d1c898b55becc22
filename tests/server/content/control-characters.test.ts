import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { readContent } from '../../../server/content/read-content.js';
import { validateContent } from '../../../domain/content/validate.js';
import { WEEKLY, assertProblems, editContent, eventFile } from '../../helpers/content.js';
import { ROOT, VALID_FIXTURE } from '../../helpers/fixtures.js';
import { commandLine, outputOf, runToEnd } from '../../helpers/run.js';

/*
 * Content refuses, at load, text holding a character a terminal acts on (domain/terminal-text.ts):
 * an escape in a title, a CR in an excerpt, a NUL in a note, a bidi override in a name, whatever the
 * field, each named with its file and path.
 */

const raw = await readContent(VALID_FIXTURE);

test('control characters in any text field are refused, naming the file, the field and the character', (t) => {
  const edited = editContent(raw, (draft) => {
    const event = draft.event(WEEKLY);
    event.title = 'Weekly limits reset\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGV8c2g=\u0007';
    event.summary = 'Reset.\r[fake] all clear';
    event.effective_note = 'Until Friday\u0000';
    event.sources[0]!.excerpt = "We've reset\u009b2J weekly limits.";
    event.translations = {
      ja: { revision: 1, title: '週間\u202e上限', summary: 'リセット', effective_note: '金曜まで', statement: 'すべて' },
    };
    draft.sources.sources[0]!.display_name = 'Example\u2028AI';
  });
  const found = (code: string) => new RegExp(`^must not hold control characters \\(found ${code}\\)$`);
  assertProblems(t, edited, [
    { file: eventFile(WEEKLY), path: 'title', rule: found('U\\+001B') },
    { file: eventFile(WEEKLY), path: 'summary', rule: found('U\\+000D') },
    { file: eventFile(WEEKLY), path: 'effective_note', rule: found('U\\+0000') },
    { file: eventFile(WEEKLY), path: 'sources[0].excerpt', rule: found('U\\+009B') },
    { file: eventFile(WEEKLY), path: 'translations.ja.title', rule: found('U\\+202E') },
    { file: 'sources.json', path: 'sources[0].display_name', rule: found('U\\+2028') },
  ]);
});

test('printable text of any script, with its punctuation and emoji, still loads', (t) => {
  const edited = editContent(raw, (draft) => {
    draft.event(WEEKLY).title = 'Weekly limits reset · 週間上限のリセット — “all” 🎉';
  });
  t.true(validateContent(edited).ok);
});

test('content:check prints the file and field of a title with an escape, and exits 1', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'content-control-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await cp(VALID_FIXTURE, dir, { recursive: true });
  const file = path.join(dir, eventFile(WEEKLY));
  const event = JSON.parse(await readFile(file, 'utf8')) as { title: string };
  await writeFile(file, JSON.stringify({ ...event, title: `${event.title}\u001b[2J` }));
  const ran = await runToEnd(process.execPath, [...commandLine('tools/content-check.ts'), '--dir', dir], {
    cwd: ROOT,
  });
  t.is(ran.code, 1, outputOf(ran));
  t.regex(ran.stderr, /events\/2025-03-03-weekly-reset\.json title: must not hold control characters \(found U\+001B\)/);
});
