import type { BuildOptions, BuildResult } from 'esbuild';
import { build, buildSync, stop } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, localePrefix } from '../../../domain/locales.js';

/**
 * The site's browser files are written in `site-src/` (TypeScript and CSS, checked like the rest of
 * the code) and built here with esbuild, once per process at first use: bundled (the shared helpers of
 * `site-src/shared/` in each file that imports them), minified, one IIFE per script. The folder is
 * found from this module upward, so the server run from source (tsx) and the compiled one
 * (`dist/server/…`) read the same files, with no build step of their own. The server builds them
 * before it listens (`prepareBrowserFiles`); whatever renders a page without starting a server builds
 * them at its first use.
 */
const ENTRIES = {
  'alerts.js': 'pages/alerts.ts',
  'local-time.js': 'pages/local-time.ts',
  'docs-init.js': 'pages/docs-init.ts',
  'sw.js': 'service-worker/sw.ts',
  'site.css': 'css/site.css',
  'embed.css': 'css/embed.css',
} as const;

export type BrowserFile = keyof typeof ENTRIES;

/** The browsers the scripts are written for: every one with service workers and Web Push has ES2020. */
const TARGET = 'es2020';

/** `site-src/`: beside `server/` at the repository root, above this module in the source and in dist/. */
export function siteSourceDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'site-src');
    if (existsSync(path.join(candidate, 'tsconfig.json'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('site-src/ is not above server/site/pages/');
    dir = parent;
  }
}

/** Each language's path prefix, for the service worker to open event pages in the reader's language. */
const LOCALE_PREFIXES = Object.fromEntries(LOCALES.map((locale) => [locale, localePrefix(locale)]));

let built: ReadonlyMap<string, string> | null = null;

function options(): BuildOptions & { write: false } {
  const root = siteSourceDir();
  return {
    absWorkingDir: root,
    entryPoints: Object.entries(ENTRIES).map(([out, source]) => ({
      in: path.join(root, source),
      out: out.replace(/\.(js|css)$/, ''),
    })),
    outdir: path.join(root, 'out'),
    write: false,
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: TARGET,
    charset: 'utf8',
    legalComments: 'none',
    define: { LOCALE_PREFIXES: JSON.stringify(LOCALE_PREFIXES) },
    logLevel: 'silent',
  };
}

function files(result: BuildResult<{ write: false }>): ReadonlyMap<string, string> {
  if (result.warnings.length > 0)
    throw new Error(
      `site-src/ built with warnings: ${result.warnings.map((warning) => warning.text).join('; ')}`,
    );
  return new Map(result.outputFiles.map((file) => [path.basename(file.path), file.text]));
}

let preparing: Promise<void> | null = null;

/**
 * Builds the files without holding the event loop (in esbuild's service process, stopped after), so
 * the first page a process serves does not wait for them; a failure is the caller's, before it listens.
 */
export function prepareBrowserFiles(): Promise<void> {
  if (built) return Promise.resolve();
  preparing ??= build(options())
    .then((result) => {
      built ??= files(result);
    })
    .finally(() => {
      preparing = null;
      return stop();
    });
  return preparing;
}

/** A built file's text: built (all of them) at the first call, then kept. */
export function browserFile(name: BrowserFile): string {
  built ??= files(buildSync(options()));
  const text = built.get(name);
  if (text === undefined) throw new Error(`site-src/ built no ${name}`);
  return text;
}

/** A file of `site-src/` served as written (the icon), without the final newline an editor adds. */
export function staticFile(name: string): string {
  return readFileSync(path.join(siteSourceDir(), name), 'utf8').trimEnd();
}
