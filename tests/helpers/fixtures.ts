import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout: the working directory of every command a test runs. The nearest folder above this
 * module with a package.json: two up in the sources, three in the compiled tests (`build/tests/`).
 */
export const ROOT = checkout(path.dirname(fileURLToPath(import.meta.url)));

function checkout(dir: string): string {
  if (existsSync(path.join(dir, 'package.json'))) return dir + path.sep;
  const parent = path.dirname(dir);
  if (parent === dir) throw new Error('no package.json above tests/helpers/');
  return checkout(parent);
}

/** Public origin the test servers and catalogs claim: event `url`s and problem `type`s live under it. */
export const BASE_URL = 'https://tracker.test';
/** The shipped content (`content/`): the public record, which curators keep changing. */
export const SHIPPED_CONTENT = path.join(ROOT, 'content');

/** A folder under tests/fixtures. */
export const fixtureDir = (name: string): string => path.join(ROOT, 'tests/fixtures', name);

/**
 * A fictional provider's history (44 events, `.example` hosts) built to hold every case the API
 * handles; tests/server/content/demo-fixture.test.ts names the cases it must keep.
 */
export const DEMO_FIXTURE = fixtureDir('content-demo');

/** The small valid content set (four events; ids in tests/helpers/content.ts). */
export const VALID_FIXTURE = fixtureDir('content-valid');
/** The valid set with markup and script in every text a page shows, for escaping tests. */
export const HOSTILE_FIXTURE = fixtureDir('content-script');
/** Content folders the loader must refuse, each broken in one way (`multiple`: several at once). */
export const BROKEN_FIXTURES = {
  badJson: fixtureDir('content-broken/bad-json'),
  missingFile: fixtureDir('content-broken/missing-file'),
  noEventsFolder: fixtureDir('content-broken/no-events-folder'),
  multiple: fixtureDir('content-broken/multiple'),
  oneOfEach: fixtureDir('content-broken/one-of-each'),
  /** What `content:check` prints for `oneOfEach`. */
  oneOfEachReport: fixtureDir('content-broken/one-of-each.expected.txt'),
} as const;

/** A private copy of a content folder; `dispose` removes it. */
export interface CopiedContent {
  readonly dir: string;
  readonly dispose: () => Promise<void>;
}

/**
 * The one way a test gets content it may change (edit, republish, break): a private copy of a
 * content folder (a fixture) in a temp dir; `dispose` removes it.
 */
export async function copyContent(from: string): Promise<CopiedContent> {
  const root = await mkdtemp(path.join(tmpdir(), 'reset-tracker-'));
  const dir = path.join(root, 'content');
  await cp(from, dir, { recursive: true });
  return { dir, dispose: () => rm(root, { recursive: true, force: true }) };
}
