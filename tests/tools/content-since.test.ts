import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { commandLine, outputOf, runToEnd } from '../helpers/run.js';
import { ROOT, VALID_FIXTURE, copyContent } from '../helpers/fixtures.js';

const EVENT = '2025-03-03-weekly-reset';

/** Runs `tools/<name>.ts` in a child process (compiled when the tests are: helpers/run.ts). */
const script = (name: string, ...args: string[]) =>
  runToEnd(process.execPath, [...commandLine(`tools/${name}.ts`), ...args], { cwd: ROOT });

test('content:check --since <ref> flags an edit without a revision bump, and content:revise clears it', async (t) => {
  const copy = await copyContent(VALID_FIXTURE);
  try {
    const gitIn = async (...args: string[]) => {
      const git = await runToEnd('git', args, { cwd: copy.dir });
      t.is(git.code, 0, outputOf(git));
    };
    await gitIn('init', '-q');
    await gitIn('-c', 'user.email=curator@example.org', '-c', 'user.name=Curator', 'add', '.');
    await gitIn(
      '-c',
      'user.email=curator@example.org',
      '-c',
      'user.name=Curator',
      'commit',
      '-qm',
      'content',
    );
    const file = path.join(copy.dir, 'events', `${EVENT}.json`);
    const event = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...event, summary: 'Edited without a bump.' }, null, 2));

    const flagged = await script('content-check', '--dir', copy.dir, '--since', 'HEAD');
    t.is(flagged.code, 1);
    t.regex(
      flagged.stderr,
      new RegExp(
        `events/${EVENT}\\.json revision: changed since HEAD without a revision and revised_at bump`,
      ),
    );
    t.is(
      (await script('content-check', '--dir', copy.dir)).code,
      0,
      'without --since the edit is valid content',
    );

    t.is((await script('content-revise', EVENT, '--dir', copy.dir)).code, 0);
    const cleared = await script('content-check', '--dir', copy.dir, '--since', 'HEAD');
    t.is(cleared.code, 0, cleared.stderr);
  } finally {
    await copy.dispose();
  }
});
