import { readFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { ROOT } from '../helpers/fixtures.js';

interface LockEntry {
  readonly version?: string;
  readonly resolved?: string;
  readonly hasInstallScript?: boolean;
}

const readJson = async <T>(file: string) => JSON.parse(await readFile(path.join(ROOT, file), 'utf8')) as T;

/** The package a lockfile location installs: `node_modules/a/node_modules/@s/b` → `@s/b`. */
const nameAt = (location: string) => location.slice(location.lastIndexOf('node_modules/') + 13);

/**
 * npm 11.16+ reads `allowScripts` to say which dependencies' install scripts were reviewed, and ends
 * `npm install` with a warning naming every other one. Its matcher takes a pinned key (`pkg@1.2.3`)
 * only when the lockfile records the version in a `resolved` registry URL: this lockfile records no
 * `resolved` at all, so only a key naming the package alone (`pkg`) covers it.
 */
test('allowScripts names every dependency with an install script by name: better-sqlite3 and esbuild run, @scarf/scarf does not', async (t) => {
  const manifest = await readJson<{ allowScripts?: Record<string, boolean>; scarfSettings?: object }>(
    'package.json',
  );
  const lock = await readJson<{ packages: Record<string, LockEntry> }>('package-lock.json');
  const scripted = new Set(
    Object.entries(lock.packages)
      .filter(([location, entry]) => location !== '' && entry.hasInstallScript === true)
      .map(([location]) => nameAt(location)),
  );
  t.false(
    Object.values(lock.packages).some((entry) => entry.resolved !== undefined),
    'no resolved URL in the lockfile: pinned keys could never match',
  );
  const policy = manifest.allowScripts ?? {};
  t.deepEqual(
    Object.keys(policy).filter((key) => key.lastIndexOf('@') > 0),
    [],
    'keys name packages alone',
  );
  t.deepEqual([...scripted].filter((name) => !(name in policy)).sort(), [], 'not reviewed');
  t.deepEqual(policy, { 'better-sqlite3': true, esbuild: true, '@scarf/scarf': false });
  t.deepEqual(manifest.scarfSettings, { enabled: false }, 'Scarf reports nothing, whatever npm runs');
});
