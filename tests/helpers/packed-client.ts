import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { takeDirLock } from './dir-lock.js';
import { ROOT } from './fixtures.js';
import { outputOf, runToEnd } from './run.js';

/** A pack takes about 10 s; a lock older than this was left by a killed run. */
const STALE_LOCK_MS = 120_000;

/** What the command bundles from outside client/ (client/scripts/pack.ts). */
const BUNDLED = ['domain/terminal-text.ts'];

/**
 * The files that make the tarball: the client's sources, manifest, README and compiler settings,
 * and what its command bundles.
 */
async function clientDigest(): Promise<string> {
  const hash = createHash('sha256');
  const client = path.join(ROOT, 'client');
  const files = (await readdir(client, { recursive: true }))
    .filter((file) => !file.startsWith('dist') && !file.includes('node_modules'))
    .sort();
  for (const file of files) {
    const full = path.join(client, file);
    if (!(await stat(full)).isFile()) continue;
    hash.update(`${file}\n`).update(await readFile(full));
  }
  for (const file of BUNDLED) hash.update(`${file}\n`).update(await readFile(path.join(ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The client's tarball as `npm run client:pack` writes it, made once for the files it is made of:
 * the test files that install it (tests/client/) run in parallel processes, so the first packs under
 * a lock and the others find its tarball, kept in the temp folder under the sources' digest.
 */
export async function packedClient(): Promise<string> {
  const folder = path.join(
    os.tmpdir(),
    `reset-tracker-client-pack-${createHash('sha1').update(ROOT).digest('hex').slice(0, 12)}`,
  );
  await mkdir(folder, { recursive: true });
  const tarball = path.join(folder, `${await clientDigest()}.tgz`);
  const lock = path.join(folder, 'lock');
  await takeDirLock(lock, STALE_LOCK_MS);
  try {
    if (await stat(tarball).catch(() => null)) return tarball;
    const stage = await mkdtemp(path.join(folder, 'stage-'));
    try {
      const packed = await runToEnd(
        process.execPath,
        ['--import=tsx', path.join(ROOT, 'client/scripts/pack.ts'), '--destination', stage],
        { cwd: ROOT },
      );
      if (packed.code !== 0) throw new Error(`client:pack failed:\n${outputOf(packed)}`);
      const written = packed.stdout.trim().split('\n').at(-1) ?? '';
      await copyFile(written, `${tarball}.part`);
      await rename(`${tarball}.part`, tarball);
    } finally {
      await rm(stage, { recursive: true, force: true });
    }
    return tarball;
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/**
 * Installs the tarball as a user installs the command (`npm install -g`), into a prefix of its own:
 * returns the prefix and the path of its `reset-tracker`.
 */
export async function installGlobally(tarball: string): Promise<{ prefix: string; bin: string }> {
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-prefix-'));
  const installed = await runToEnd(
    'npm',
    ['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball],
    { cwd: prefix },
  );
  if (installed.code !== 0) throw new Error(`npm install -g failed:\n${outputOf(installed)}`);
  const bin =
    process.platform === 'win32'
      ? path.join(prefix, 'reset-tracker.cmd')
      : path.join(prefix, 'bin', 'reset-tracker');
  return { prefix, bin };
}

export interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the installed command as a shell would: only the environment given (and a PATH with this
 * Node), `input` on stdin (stdin closed at once when there is none).
 */
export function runInstalled(
  bin: string,
  args: readonly string[],
  options: { readonly env?: Readonly<Record<string, string>>; readonly input?: string } = {},
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      env: {
        PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
        ...options.env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
