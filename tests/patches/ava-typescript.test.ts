import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { ROOT } from '../helpers/fixtures.js';
import { LOG_MODULES_SOURCE, marksOf, readModuleLog } from '../helpers/module-log.js';
import { outputOf, runToEnd } from '../helpers/run.js';

/**
 * patches/@ava+typescript+6.0.0.patch: the provider imports execa only when it compiles. A process
 * of its own logs every module it loads (a module hook) while it uses the provider as AVA's workers
 * do (`compile: false`, the main half's `compile()`, then the worker half loading a test file's
 * compiled copy), then compiles a project of one file with `compile: 'tsc'`, as AVA's main process
 * would.
 */
const PROBE = `${LOG_MODULES_SOURCE}
const { default: provider } = await import('@ava/typescript');
const projectDir = process.env.PROJECT_DIR;
const protocol = { identifier: 'ava-6', projectDir };
const typescript = provider({ negotiateProtocol: () => protocol });
const rewritePaths = { 'src/': 'build/' };
const state = await typescript.main({ config: { compile: false, rewritePaths } }).compile();
const worker = typescript.worker({ extensionsToLoadAsModules: ['js'], state });
const testFile = projectDir + '/src/w.ts';
if (!worker.canLoad(testFile)) throw new Error('the worker half does not take ' + testFile);
const loaded = await worker.load(testFile, { requireFn: () => { throw new Error('required'); } });
if (loaded.w !== 2) throw new Error('the worker half loaded ' + JSON.stringify(loaded));
mark('workers done');
await typescript.main({ config: { compile: 'tsc', rewritePaths } }).compile();
mark('compiled');
`;

test('the TypeScript provider loads execa only to compile, not in a worker', async (t) => {
  // Inside the repository, so the compile finds its tsc in node_modules/.bin as a project's would.
  const dir = path.join(ROOT, 'test-results', `ava-typescript-${process.pid}`);
  await mkdir(path.join(dir, 'src'), { recursive: true });
  try {
    const log = path.join(dir, 'modules.log');
    await mkdir(path.join(dir, 'build'));
    await writeFile(path.join(dir, 'src', 'a.ts'), 'export const a: number = 1;\n');
    // A test file and the copy a compile wrote earlier, as the worker half finds them.
    await writeFile(path.join(dir, 'src', 'w.ts'), 'export const w: number = 2;\n');
    await writeFile(path.join(dir, 'build', 'w.js'), 'export const w = 2;\n');
    await writeFile(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { outDir: 'build', rootDir: 'src', target: 'ES2022', module: 'ES2022', types: [] },
        include: ['src'],
      }),
    );
    const run = await runToEnd(process.execPath, ['--input-type=module', '-e', PROBE], {
      cwd: ROOT,
      env: { ...process.env, MODULE_LOG: log, PROJECT_DIR: dir },
    });
    t.is(run.code, 0, outputOf(run));
    const lines = await readModuleLog(log);
    const workersDone = lines.indexOf('-- workers done');
    const compiled = lines.indexOf('-- compiled');
    t.true(workersDone > 0 && compiled > workersDone, marksOf(lines));
    const execa = (line: string) => line.includes('/node_modules/execa/');
    t.true(
      lines.slice(0, workersDone).some((line) => line.includes('/node_modules/@ava/typescript/')),
      'the log sees the provider load',
    );
    t.false(lines.slice(0, workersDone).some(execa), 'execa loaded before anything compiled');
    t.true(lines.slice(workersDone, compiled).some(execa), 'compiling loads execa');
    t.is(await readFile(path.join(dir, 'build', 'a.js'), 'utf8'), 'export const a = 1;\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
