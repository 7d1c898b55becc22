import { readFile } from 'node:fs/promises';
import test from 'ava';
import { loadContent } from '../../server/content/read-content.js';
import { formatProblem } from '../../domain/content/problems.js';
import type { Completed } from '../helpers/run.js';
import { runToEnd } from '../helpers/run.js';
import { ROOT, VALID_FIXTURE, BROKEN_FIXTURES } from '../helpers/fixtures.js';

/** Runs `tsx tools/content-check.ts <dir>` in a child process, as `npm run content:check` does. */
function contentCheck(dir: string, ...flags: string[]): Promise<Completed> {
  return runToEnd(process.execPath, ['--import', 'tsx', 'tools/content-check.ts', dir, ...flags], {
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
