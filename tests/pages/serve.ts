import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '../../server/config.js';
import type { RunningServer } from '../../server/server.js';
import { createServer } from '../../server/server.js';

export const BASE = 'https://tracker.test';
export const DEMO_DIR = fileURLToPath(new URL('../../content', import.meta.url));
export const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

/** The whole service on 127.0.0.1, port 0, with a fixed public origin and no rate limit. */
export function startSite(contentDir = DEMO_DIR): Promise<RunningServer> {
  return createServer(
    parseConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      CONTENT_DIR: contentDir,
      PUBLIC_BASE_URL: BASE,
      RATE_LIMIT_POINTS: '0',
    }),
  ).start();
}

/** Runs `fn` against its own server and stops it afterwards, whatever happens. */
export async function withSite<T>(fn: (site: RunningServer) => Promise<T>, contentDir?: string): Promise<T> {
  const site = await startSite(contentDir);
  try {
    return await fn(site);
  } finally {
    await site.stop();
  }
}

/** A private copy of a content folder, for tests that edit it. */
export async function copyContent(from = DEMO_DIR): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'reset-site-'));
  const dir = path.join(root, 'content');
  await cp(from, dir, { recursive: true });
  return { dir, dispose: () => rm(root, { recursive: true, force: true }) };
}

export async function getText(url: string, init?: RequestInit): Promise<{ res: Response; body: string }> {
  const res = await fetch(url, init);
  return { res, body: await res.text() };
}

/**
 * GET with `If-None-Match`. Node's fetch adds `Cache-Control: no-cache` to a conditional request, which
 * rightly forbids a 304; a browser revalidating sends `max-age=0`, so this does too.
 */
export function revalidate(url: string, etag: string): Promise<Response> {
  return fetch(url, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
}

/** The markup with whitespace next to tags removed, for checks that should not depend on formatting. */
export function squash(body: string): string {
  return body
    .replace(/\s+/g, ' ')
    .replace(/\s*\/>/g, '>')
    .replace(/>\s+/g, '>')
    .replace(/\s+</g, '<');
}
