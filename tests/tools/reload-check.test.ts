import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { ROOT } from '../helpers/fixtures.js';
import { commandLine, outputOf, runToEnd } from '../helpers/run.js';

/** `npm run reload -- --check` on a settings file: nothing here reaches PM2. */
async function check(settings: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reload-check-'));
  try {
    const file = path.join(dir, 'settings.env');
    await writeFile(file, settings);
    // The shell sets none of the service's settings: the file alone speaks.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => !/^(PORT|HOST|PUBLIC_BASE_URL|LEADS_|DATA_DIR|ALERTS_)/.test(name),
      ),
    );
    return await runToEnd(process.execPath, [...commandLine('tools/reload.ts'), '--check'], {
      cwd: ROOT,
      env: { ...env, SETTINGS_FILE: file },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('the shipped example settings file is valid as it is', async (t) => {
  const done = await check(await readFile(path.join(ROOT, 'deploy/reset-tracker.env.example'), 'utf8'));
  t.is(done.code, 0, outputOf(done));
  t.regex(done.stdout, /^settings: 4 set \(.*settings\.env, this shell winning\), all valid$/m);
});

test('each problem is one line naming the setting; nothing is reloaded', async (t) => {
  const done = await check('PORT=eighty\nRATE_LIMT_POINTS=5\nINSTANCES=0\n');
  t.is(done.code, 1);
  const lines = done.stderr.trim().split('\n');
  t.regex(lines[0]!, /^settings: RATE_LIMT_POINTS: not a setting of the service \(.+settings\.env\)$/);
  t.deepEqual(lines.slice(1), [
    'settings: PORT: Invalid input: expected number, received NaN',
    'settings: INSTANCES: must be "max" or a positive whole number',
    'settings: 3 problems; nothing reloaded, the running workers keep their settings',
  ]);
  t.is(done.stdout, '');
});

test('the watcher on without a contact for the sites it reads is refused before it crash-loops', async (t) => {
  const done = await check('LEADS_WATCH=on\n');
  t.is(done.code, 1);
  t.regex(done.stderr, /^settings: LEADS_CONTACT: the watcher needs a contact/m);
  const fine = await check('LEADS_WATCH=on\nLEADS_CONTACT=curator@example.org\n');
  t.is(fine.code, 0, outputOf(fine));
});

test('trusted hops on a public HOST are warned, and still valid', async (t) => {
  const done = await check('TRUST_PROXY_HOPS=1\n');
  t.is(done.code, 0, outputOf(done));
  t.regex(done.stderr, /^settings: warning: TRUST_PROXY_HOPS=1 with HOST=0\.0\.0\.0/m);
});

test('a settings file that cannot be read is one line naming it, for the reload and the curator commands', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reload-check-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  // A folder where the file should be: it exists, and cannot be read as one.
  const env = { ...process.env, SETTINGS_FILE: dir };
  const reload = await runToEnd(process.execPath, [...commandLine('tools/reload.ts'), '--check'], {
    cwd: ROOT,
    env,
  });
  t.is(reload.code, 1);
  t.is(
    reload.stderr.trim(),
    `settings: ${dir}: cannot be read (EISDIR: illegal operation on a directory, read); nothing reloaded`,
  );
  const contentCheck = await runToEnd(process.execPath, commandLine('tools/content-check.ts'), {
    cwd: ROOT,
    env,
  });
  t.is(contentCheck.code, 1);
  t.is(contentCheck.stderr.trim(), `${dir}: cannot be read (EISDIR: illegal operation on a directory, read)`);
});
