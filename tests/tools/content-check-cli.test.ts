import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { loadContent } from '../../server/content/read-content.js';
import { formatProblem } from '../../domain/content/problems.js';
import type { Completed } from '../helpers/run.js';
import { commandLine, runToEnd } from '../helpers/run.js';
import { ROOT, VALID_FIXTURE, BROKEN_FIXTURES, copyContent } from '../helpers/fixtures.js';
import { FIVE_HOUR, eventFile } from '../helpers/content.js';

/** Runs `tools/content-check.ts <dir>` in a child process (compiled when the tests are: helpers/run.ts). */
function contentCheck(dir: string, ...flags: string[]): Promise<Completed> {
  return runToEnd(process.execPath, [...commandLine('tools/content-check.ts'), dir, ...flags], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: '' },
  });
}

test('content check accepts a valid folder and prints its revision', async (t) => {
  const loaded = await loadContent(VALID_FIXTURE);
  if (!loaded.ok) return t.fail('fixture must be valid');
  const run = await contentCheck(VALID_FIXTURE);
  t.is(run.code, 0, run.stderr);
  t.true(run.stdout.includes(`revision ${loaded.content.revision}`), run.stdout);
  t.regex(run.stdout, /4 events/);
});

test('content check refuses a broken folder, printing every problem with file, field and rule', async (t) => {
  const dir = BROKEN_FIXTURES.multiple;
  const loaded = await loadContent(dir);
  if (loaded.ok) return t.fail('fixture must be invalid');
  const run = await contentCheck(dir);
  t.is(run.code, 1);
  t.regex(run.stderr, /6 problems/);
  for (const problem of loaded.problems)
    t.true(run.stderr.includes(formatProblem(problem)), formatProblem(problem));
  t.true(run.stderr.includes('events/wrong-name.json id: must match the file name'));
  t.true(run.stderr.includes('sources.json sources: id "example-official" is used more than once'));
  t.false(run.stdout.includes('revision'));
});

test('content check names a missing file', async (t) => {
  const run = await contentCheck(BROKEN_FIXTURES.missingFile);
  t.is(run.code, 1);
  t.regex(run.stderr, /sources\.json: file is missing/);
});

test('content check --json prints one JSON object for CI, with the exit code saying valid or not', async (t) => {
  const valid = await contentCheck(VALID_FIXTURE, '--json');
  t.is(valid.code, 0);
  t.like(JSON.parse(valid.stdout), { ok: true, events: 4 });
  const broken = await contentCheck(BROKEN_FIXTURES.multiple, '--json');
  t.is(broken.code, 1);
  const report = JSON.parse(broken.stdout) as {
    ok: boolean;
    problems: { file: string; path: string; rule: string }[];
  };
  t.false(report.ok);
  t.is(report.problems.length, 6);
  t.true(
    report.problems.every((problem) => typeof problem.file === 'string' && typeof problem.rule === 'string'),
  );
});

test('content check lists every problem of a folder with one error of each kind, exactly as expected', async (t) => {
  // Schema errors (missing key, wrong type, date-time format, enum), cross-field errors in files that
  // fail their schema and in one that does not, a JSON syntax error, a duplicate id, dangling related ids.
  const dir = BROKEN_FIXTURES.oneOfEach;
  const expected = await readFile(BROKEN_FIXTURES.oneOfEachReport, 'utf8');
  const run = await contentCheck(dir);
  t.is(run.code, 1);
  t.is(run.stdout, '');
  t.is(run.stderr.replaceAll(dir, '<dir>'), expected);
});

test('content check lists a stale translation as a warning, and the content still passes', async (t) => {
  const { dir, dispose } = await copyContent(VALID_FIXTURE);
  try {
    // FIVE_HOUR is at revision 2; its Japanese translation was made from revision 1.
    const file = path.join(dir, eventFile(FIVE_HOUR));
    const event = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    const ja = {
      revision: 1,
      title: '5時間上限のリセット',
      summary: 'リセットされました。',
      statement: 'Pro・Max の契約者',
    };
    await writeFile(file, JSON.stringify({ ...event, translations: { ja } }));
    const warning = `${eventFile(FIVE_HOUR)} translations.ja.revision: stale: translated from revision 1, the event is at revision 2`;
    const run = await contentCheck(dir);
    t.is(run.code, 0, run.stderr);
    t.regex(run.stdout, /4 events/);
    t.regex(run.stderr, /1 warning \(the content still loads\)/);
    t.true(run.stderr.includes(warning), run.stderr);
    const json = await contentCheck(dir, '--json');
    t.is(json.code, 0);
    t.like(JSON.parse(json.stdout), {
      ok: true,
      warnings: [{ file: eventFile(FIVE_HOUR), path: 'translations.ja.revision' }],
    });
  } finally {
    await dispose();
  }
});

test('content check prints no warnings for a folder without any', async (t) => {
  const run = await contentCheck(VALID_FIXTURE, '--json');
  t.deepEqual((JSON.parse(run.stdout) as { warnings: unknown[] }).warnings, []);
  t.false((await contentCheck(VALID_FIXTURE)).stderr.includes('warning'));
});
