import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { ROOT } from '../helpers/fixtures.js';
import { outputOf, runToEnd } from '../helpers/run.js';
import { buildServer } from './helpers/build.js';

const DIST = path.join(ROOT, 'dist');

/** Every file under `dist/` and when it was last written. */
async function writtenAt(): Promise<Record<string, number>> {
  const files = await readdir(DIST, { recursive: true, withFileTypes: true });
  const times: Record<string, number> = {};
  for (const file of files.filter((entry) => entry.isFile())) {
    const name = path.join(file.parentPath, file.name);
    times[path.relative(DIST, name)] = (await stat(name)).mtimeMs;
  }
  return times;
}

test('npm run build on an unchanged tree writes no file, so npm start is quick', async (t) => {
  t.timeout(120_000);
  await buildServer();
  const before = await writtenAt();
  t.true('server/main.js' in before);
  await buildServer();
  t.deepEqual(await writtenAt(), before);
});

test('the build keeps its incremental state in dist/: deleting dist/ rebuilds everything', async (t) => {
  const shown = await runToEnd(
    process.execPath,
    [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--showConfig'],
    { cwd: ROOT },
  );
  t.is(shown.code, 0, outputOf(shown));
  const { compilerOptions } = JSON.parse(shown.stdout) as {
    compilerOptions: { incremental?: boolean; outDir?: string; tsBuildInfoFile?: string };
  };
  t.true(compilerOptions.incremental);
  const state = path.resolve(ROOT, compilerOptions.tsBuildInfoFile ?? '');
  t.is(path.resolve(ROOT, compilerOptions.outDir ?? ''), DIST);
  t.true(state.startsWith(`${DIST}${path.sep}`), state);
});
