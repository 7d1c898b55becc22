import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { ROOT, VALID_FIXTURE, copyContent } from '../helpers/fixtures.js';

const exec = promisify(execFile);
const EVENT = '2025-03-03-weekly-reset';

async function script(
  name: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return exec(process.execPath, ['--import', 'tsx', `server/${name}.ts`, ...args], { cwd: ROOT }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

test('content:check --since <ref> flags an edit without a revision bump, and content:revise clears it', async (t) => {
  const copy = await copyContent(VALID_FIXTURE);
  try {
    const gitIn = (...args: string[]) => exec('git', args, { cwd: copy.dir });
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
