import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DOCS_ASSETS, DOCS_INIT_JS } from './docs-page.js';
import type { Rendered } from '../render-cache.js';
import { rendered } from '../render-cache.js';
import { EMBED_CSS_PATH } from './embed-page.js';
import { EMBED_CSS, FAVICON_SVG, SITE_CSS } from './style.js';

const CSS = 'text/css; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';

/** Swagger UI's files, served from the installed swagger-ui-dist package: no CDN, works offline. */
const SWAGGER_FILES = { 'swagger-ui.css': CSS, 'swagger-ui-bundle.js': JS } as const;

function swaggerDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/** Same-origin static files; each is read once, on first request. */
export function createAssets(): (pathname: string) => Rendered | null {
  const loaded = new Map<string, Rendered>();
  const sources = new Map<string, () => Rendered>([
    ['/assets/site.css', () => rendered(SITE_CSS, CSS)],
    [EMBED_CSS_PATH, () => rendered(EMBED_CSS, CSS)],
    ['/assets/favicon.svg', () => rendered(FAVICON_SVG, 'image/svg+xml')],
    [`${DOCS_ASSETS}/docs-init.js`, () => rendered(DOCS_INIT_JS, JS)],
    ...Object.entries(SWAGGER_FILES).map(
      ([file, type]) =>
        [
          `${DOCS_ASSETS}/${file}`,
          () => rendered(readFileSync(path.join(swaggerDir(), file), 'utf8'), type),
        ] as const,
    ),
  ]);
  return (pathname) => {
    const cached = loaded.get(pathname);
    if (cached) return cached;
    const load = sources.get(pathname);
    if (!load) return null;
    const asset = load();
    loaded.set(pathname, asset);
    return asset;
  };
}
