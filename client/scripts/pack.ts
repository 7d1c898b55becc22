import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { readCommandLine } from '../../tools/command-line.js';

/**
 * `npm run client:pack [-- --destination <folder>]`: compiles client/src into a staging folder (the
 * library with tsc, the `reset-tracker` command bundled by esbuild into one file), refuses a stale
 * contract or any import beyond the package's peers, and writes the npm tarball.
 */
const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const client = path.join(root, 'client');
/** What the published files may import besides their own folder. */
const ALLOWED_IMPORTS = new Set(['@trpc/client', '@trpc/server', '@trpc/server/observable']);
/** The `reset-tracker` command (dist/cli/) imports Node's own modules and nothing installed. */
const COMMAND_IMPORTS = /^node:[a-z_/]+$/;

const { refuse, values } = readCommandLine({
  usage: 'npm run client:pack -- [--destination <folder>]',
  description: 'Builds the client package, checks its contract and imports, and writes its npm tarball.',
  options: {
    destination: {
      type: 'string',
      default: root,
      value: '<folder>',
      description: 'where to write the tarball (default: the repository root)',
    },
  },
});
const destination = path.resolve(values.destination);
// Checked before the build: npm pack would fail on it after ten seconds, with a stack trace.
if (
  !(await stat(destination).then(
    (found) => found.isDirectory(),
    () => false,
  ))
)
  refuse(`--destination: '${values.destination}' is not a folder`);

// The compiler and Prettier load once the command line is good: `--help` answers without them.
const { generateContract } = await import('./contract.js');
const contract = await readFile(path.join(client, 'src/contract.ts'), 'utf8');
if (contract !== (await generateContract(root))) {
  console.error('client:pack: client/src/contract.ts is out of date: run `npm run client:contract`');
  process.exit(1);
}

const stage = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-client-'));
try {
  const tsc = path.join(root, 'node_modules/.bin/tsc');
  await run(tsc, ['-p', path.join(client, 'tsconfig.json'), '--outDir', path.join(stage, 'dist')]);
  // The command is type-checked on its own settings (Node 20's library), then bundled: one file to
  // load on every status-line call (BENCHMARKS.md).
  await run(tsc, ['-p', path.join(client, 'tsconfig.cli.json')]);
  await bundleCommand(path.join(stage, 'dist/cli/main.js'));
  for (const file of ['package.json', 'README.md'])
    await copyFile(path.join(client, file), path.join(stage, file));
  await checkImports(path.join(stage, 'dist'));
  const { stdout } = await run('npm', ['pack', stage, '--pack-destination', destination, '--json']);
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  if (!packed) throw new Error('npm pack wrote no tarball');
  console.log(path.join(destination, packed.filename));
} finally {
  await rm(stage, { recursive: true, force: true });
}

/**
 * The command and all it imports (its modules, the terminal rule of domain/) as one ES module: one
 * file to read and compile on every status-line call (BENCHMARKS.md). Node's compile cache measured
 * slower than this one file (BENCHMARKS.md), so it is not used.
 */
async function bundleCommand(outfile: string): Promise<void> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(client, 'src/cli/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}

/**
 * Every specifier in the emitted JavaScript and declarations is relative (within its folder) or one of
 * the peers; the command's files may import Node's modules instead of the peers, so it starts without
 * tRPC.
 */
async function checkImports(dist: string): Promise<void> {
  const specifier = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;
  for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.relative(dist, path.join(entry.parentPath, entry.name));
    const command = file.startsWith(`cli${path.sep}`);
    const text = await readFile(path.join(dist, file), 'utf8');
    for (const [, name = ''] of text.matchAll(specifier)) {
      const allowed = command ? COMMAND_IMPORTS.test(name) : ALLOWED_IMPORTS.has(name);
      if (!name.startsWith('./') && !allowed) {
        throw new Error(
          `client/${file} imports ${name}: the package may import only ${[...ALLOWED_IMPORTS].join(', ')}, its command only node: modules`,
        );
      }
    }
  }
}
