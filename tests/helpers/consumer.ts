import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Completed } from './run.js';
import { ROOT } from './fixtures.js';
import { runToEnd } from './run.js';

/** The compiler settings the client promises to work under (docs/clients.md, "TypeScript clients"). */
const CONSUMER_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    skipLibCheck: false,
    types: ['node'],
    outDir: 'out',
  },
  include: ['*.ts'],
};

/** A new folder for a project of a TypeScript user: ESM, the strict settings above. */
export async function createConsumer(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(CONSUMER_TSCONFIG, null, 2));
  return dir;
}

/** The version of a package installed in the repository, so a consumer installs it from the cache. */
export async function installedVersion(name: string): Promise<string> {
  const manifest = JSON.parse(
    await readFile(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8'),
  ) as {
    version: string;
  };
  return `${name}@${manifest.version}`;
}

/** `tsc -p` in the consumer's folder, with the compiler the consumer itself installed or links. */
export function typeCheck(dir: string): Promise<Completed> {
  return runToEnd(process.execPath, [path.join(dir, 'node_modules/typescript/bin/tsc'), '-p', dir], {
    cwd: dir,
  });
}
