import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../helpers/free-port.js';
import { sleep } from './http.js';
import { ROOT } from '../../helpers/fixtures.js';

export interface Nginx {
  readonly url: string;
  /** The access log so far, in the shipped format (`log_format reset_tracker`). */
  accessLog(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts Debian's nginx (installed by .ci/setup-test-env.sh) with the shipped
 * `deploy/nginx/reset-tracker.conf` in front of `upstream` (host:port, or one per machine), in a prefix
 * folder of its own on a free port of 127.0.0.1, and resolves once it answers.
 */
export async function startNginx(upstream: string | readonly string[]): Promise<Nginx> {
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-nginx-'));
  const port = await freePort();
  await mkdir(path.join(prefix, 'logs'));
  const site = (await readFile(path.join(ROOT, 'deploy/nginx/reset-tracker.conf'), 'utf8'))
    .replace('__CACHE_DIR__', path.join(prefix, 'cache'))
    .replace(
      'server __UPSTREAM__;',
      [upstream]
        .flat()
        .map((machine) => `server ${machine};`)
        .join('\n    '),
    )
    .replace('__LISTEN__', `127.0.0.1:${port}`)
    .replace('__ACCESS_LOG__', path.join(prefix, 'logs/access.log'));
  const left = /__[A-Z_]+__/.exec(site);
  if (left) throw new Error(`deploy/nginx/reset-tracker.conf has a placeholder nobody fills: ${left[0]}`);
  await writeFile(path.join(prefix, 'reset-tracker.conf'), site);
  // The main file a distribution would provide, reduced to what the tests need.
  await writeFile(
    path.join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${path.join(prefix, 'logs/error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  client_body_temp_path ${path.join(prefix, 'body')};`,
      `  proxy_temp_path ${path.join(prefix, 'proxy')};`,
      `  include ${path.join(prefix, 'reset-tracker.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  // Debian puts it in /usr/sbin, which is not on every PATH.
  const binary = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const child = spawn(binary, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
    await exited;
    await rm(prefix, { recursive: true, force: true });
  };
  child.once('error', (error: NodeJS.ErrnoException) => {
    stderr +=
      error.code === 'ENOENT' ? 'nginx is not installed: run `bash .ci/setup-test-env.sh`' : error.message;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null || stderr.includes('not installed')) break;
    try {
      await fetch(`${url}/healthz`);
      return { url, stop, accessLog: () => readFile(path.join(prefix, 'logs/access.log'), 'utf8') };
    } catch {
      await sleep(50);
    }
  }
  await stop();
  throw new Error(`nginx did not start:\n${stderr}`);
}
