import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ALERTS_JS_PATH } from './alerts-control.js';
import { browserFile, staticFile } from './browser-files.js';
import { LOCAL_TIME_JS_PATH } from './local-time.js';
import type { Rendered } from '../render-cache.js';
import { rendered } from '../render-cache.js';

const CSS = 'text/css; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';

/** The site's files under the names pages linked before names carried a hash (still answered). */
export const SITE_CSS_PATH = '/assets/site.css';
export const EMBED_CSS_PATH = '/assets/embed.css';
export const FAVICON_PATH = '/assets/favicon.svg';
/** Swagger UI's files and its start script, for the opt-in explorer (`/docs/explorer`). */
export const SWAGGER_CSS_PATH = '/docs/assets/swagger-ui.css';
export const SWAGGER_JS_PATH = '/docs/assets/swagger-ui-bundle.js';
export const DOCS_INIT_PATH = '/docs/assets/docs-init.js';

/** A hashed name never changes its bytes, so it may be kept for a year without asking again. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** An unhashed name may change with the next release: kept an hour. */
export const UNHASHED_CACHE_CONTROL = 'public, max-age=3600';

function swaggerFile(file: string): string {
  const dir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return readFileSync(path.join(dir, file), 'utf8');
}

/**
 * Each file by its unhashed path: its bytes, read or built on first use. The site's own are built from
 * site-src/ (browser-files.ts); Swagger UI's are from swagger-ui-dist (no CDN).
 */
const SOURCES = new Map<string, () => Rendered>([
  [SITE_CSS_PATH, () => rendered(browserFile('site.css'), CSS)],
  [EMBED_CSS_PATH, () => rendered(browserFile('embed.css'), CSS)],
  [FAVICON_PATH, () => rendered(staticFile('favicon.svg'), 'image/svg+xml')],
  [DOCS_INIT_PATH, () => rendered(browserFile('docs-init.js'), JS)],
  [ALERTS_JS_PATH, () => rendered(browserFile('alerts.js'), JS)],
  [LOCAL_TIME_JS_PATH, () => rendered(browserFile('local-time.js'), JS)],
  [SWAGGER_CSS_PATH, () => rendered(swaggerFile('swagger-ui.css'), CSS)],
  [SWAGGER_JS_PATH, () => rendered(swaggerFile('swagger-ui-bundle.js'), JS)],
]);

const loaded = new Map<string, Rendered>();

let serviceWorker: Rendered | null = null;

/** `/sw.js` (site-src/service-worker/sw.ts): at the root, never hashed, so its scope is the whole site. */
export function serviceWorkerFile(): Rendered {
  serviceWorker ??= rendered(browserFile('sw.js'), JS);
  return serviceWorker;
}

function load(unhashed: string): Rendered | null {
  const cached = loaded.get(unhashed);
  if (cached) return cached;
  const source = SOURCES.get(unhashed);
  if (!source) return null;
  const file = source();
  loaded.set(unhashed, file);
  return file;
}

/** The first 10 characters of the base64url SHA-256 of the bytes (UTF-8). */
function contentHash(body: Buffer | string): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 10);
}

const NAME = /^(.+)\.([^./]+)$/;
const HASHED = /^\/assets\/(.+)\.([A-Za-z0-9_-]{10})\.([^./]+)$/;

/** The hashed name of a file: `/assets/site.css` → `/assets/site.<hash>.css`, always under /assets/. */
export function assetUrl(unhashed: string): string {
  const file = load(unhashed);
  const match = NAME.exec(path.posix.basename(unhashed));
  if (!file || !match) throw new Error(`${unhashed} is not one of the site's files`);
  return `/assets/${match[1]}.${contentHash(file.body)}.${match[2]}`;
}

export interface AssetFile {
  readonly file: Rendered;
  /** Whether the name carries the hash of these bytes (cached as immutable) or is an old unhashed one. */
  readonly hashed: boolean;
}

/** The file a path names: a current hashed name, or an unhashed one; a stale or unknown hash is null. */
export function findAsset(pathname: string): AssetFile | null {
  const hashed = HASHED.exec(pathname);
  if (hashed) {
    const base = `${hashed[1]}.${hashed[3]}`;
    for (const unhashed of SOURCES.keys()) {
      if (path.posix.basename(unhashed) !== base) continue;
      const file = load(unhashed);
      if (file && contentHash(file.body) === hashed[2]) return { file, hashed: true };
    }
  }
  const file = SOURCES.has(pathname) ? load(pathname) : null;
  return file ? { file, hashed: false } : null;
}
