import { mkdtemp, rm, symlink, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';
import { loadContent, MAX_FILE_BYTES } from '../../../server/content/read-content.js';
import { VALID_FIXTURE, copyContent } from '../../helpers/fixtures.js';
import { outputOf, runToEnd } from '../../helpers/run.js';

async function withCopy(run: (dir: string) => Promise<void>): Promise<void> {
  const copy = await copyContent(VALID_FIXTURE);
  try {
    await run(copy.dir);
  } finally {
    await copy.dispose();
  }
}

/** Runs a setup command that must succeed. */
async function mustRun(file: string, args: readonly string[]): Promise<void> {
  const done = await runToEnd(file, args);
  if (done.code !== 0) throw new Error(`${file} exited ${done.code}: ${outputOf(done)}`);
}

async function problemsOf(dir: string) {
  const result = await loadContent(dir);
  return result.ok ? [] : result.problems;
}

test('a FIFO among the event files is refused at once, not read', async (t) => {
  await withCopy(async (dir) => {
    await mustRun('mkfifo', [path.join(dir, 'events', 'pipe.json')]);
    // Reading it would block until something writes to the FIFO; the timeout makes a hang a failure.
    const problems = await Promise.race([
      problemsOf(dir),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the load hung on a FIFO')), 5000)),
    ]);
    t.deepEqual(problems, [
      {
        file: 'events/pipe.json',
        path: '',
        rule: 'is not a regular file: only regular files inside the folder are read',
      },
    ]);
  });
});

test('a symbolic link to a file outside the folder is refused without quoting that file', async (t) => {
  await withCopy(async (dir) => {
    await symlink('/etc/passwd', path.join(dir, 'events', 'passwd.json'));
    const problems = await problemsOf(dir);
    t.deepEqual(problems, [
      {
        file: 'events/passwd.json',
        path: '',
        rule: 'is a symbolic link: only regular files inside the folder are read',
      },
    ]);
    t.notRegex(JSON.stringify(problems), /root|:x:0/);
  });
});

test('a symbolic link to a valid event file elsewhere is not published', async (t) => {
  await withCopy(async (dir) => {
    const outside = await mkdtemp(path.join(tmpdir(), 'outside-'));
    try {
      const source = path.join(dir, 'events', '2025-03-03-weekly-reset.json');
      const event = JSON.parse(await readFile(source, 'utf8')) as { id: string };
      const moved = path.join(outside, '2025-03-03-weekly-reset.json');
      await writeFile(moved, JSON.stringify(event));
      await rm(source);
      await symlink(moved, source);
      const problems = await problemsOf(dir);
      t.true(problems.length > 0, 'the set is refused');
      t.deepEqual(problems[0], {
        file: 'events/2025-03-03-weekly-reset.json',
        path: '',
        rule: 'is a symbolic link: only regular files inside the folder are read',
      });
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});

test('an events folder that is a symbolic link is refused', async (t) => {
  await withCopy(async (dir) => {
    const elsewhere = path.join(dir, '..', 'events-elsewhere');
    await mustRun('mv', [path.join(dir, 'events'), elsewhere]);
    await symlink(elsewhere, path.join(dir, 'events'));
    t.deepEqual(await problemsOf(dir), [
      { file: 'events/', path: '', rule: 'is a symbolic link: the folder itself is read' },
    ]);
  });
});

test('a file over its size bound is refused without being read', async (t) => {
  await withCopy(async (dir) => {
    const limit = MAX_FILE_BYTES['default']!;
    await writeFile(path.join(dir, 'events', 'huge.json'), ' '.repeat(limit + 1));
    t.deepEqual(await problemsOf(dir), [
      { file: 'events/huge.json', path: '', rule: `is ${limit + 1} bytes, over the limit of ${limit} bytes` },
    ]);
  });
});
