import { fileURLToPath } from 'node:url';
import type { RunningServer } from '../../server/server.js';
import { copyContent as copyFolder, startServer, TEST_BASE_URL, usingServer } from './with-server.js';

export const BASE = TEST_BASE_URL;
export const DEMO_DIR = fileURLToPath(new URL('../../content', import.meta.url));
export const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

/** The whole service on its own port (tests/helpers/with-server.ts), serving `contentDir`. */
export function startSite(contentDir = DEMO_DIR): Promise<RunningServer> {
  return startServer({ CONTENT_DIR: contentDir });
}

/** Runs `fn` against its own server and stops it afterwards, whatever happens. */
export function withSite<T>(fn: (site: RunningServer) => Promise<T>, contentDir = DEMO_DIR): Promise<T> {
  return usingServer({ CONTENT_DIR: contentDir }, fn);
}

/** A private copy of a content folder, for tests that edit it. */
export function copyContent(from = DEMO_DIR): Promise<{ dir: string; dispose(): Promise<void> }> {
  return copyFolder(from);
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
