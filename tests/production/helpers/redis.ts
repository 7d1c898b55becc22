import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../helpers/free-port.js';

export interface RedisServer {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Starts Debian's `redis-server` (installed by .ci/setup-test-env.sh) on a free port of 127.0.0.1,
 * with no persistence, and resolves once it accepts connections.
 */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-redis-'));
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 15_000);
      child.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(
          error.code === 'ENOENT'
            ? new Error(
                'redis-server is not installed: run `bash .ci/setup-test-env.sh` (apt-get install redis-server)',
              )
            : error,
        );
      });
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with code ${code}:\n${output}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  child.stdout.resume();
  child.stderr.resume();
  return { url: `redis://127.0.0.1:${port}`, stop };
}
