import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { buildCatalog } from '../../../domain/catalog.js';
import { formatProblem } from '../../../domain/content/problems.js';
import { decodePostTime, parsePostUrl } from '../../../domain/content/post-time.js';
import { StatusData } from '../../../domain/schemas/index.js';
import { getStatus } from '../../../domain/status.js';
import { loadContent } from '../../../server/content/read-content.js';
import { BASE_URL, DEMO_FIXTURE, SHIPPED_CONTENT } from '../../helpers/fixtures.js';

interface SourceFile {
  url: string;
  handle: string;
  display_name: string;
  role: string;
  posted_at?: string | null;
}
interface EventFile {
  id: string;
  time_precision: string;
  announced_at?: string | null;
  sources: SourceFile[];
}

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;
const eventFiles = async (folder: string): Promise<EventFile[]> =>
  Promise.all(
    (await readdir(path.join(folder, 'events'))).map((name) =>
      readJson<EventFile>(path.join(folder, 'events', name)),
    ),
  );

/** The time an X or Bluesky post URL encodes, or `null` for any other page. */
const postTime = (url: string): number | null => {
  const post = parsePostUrl(url);
  return post === null ? null : decodePostTime(post);
};
const toSecond = (ms: number): number => Math.floor(ms / 1000);

async function loadShipped() {
  const result = await loadContent(SHIPPED_CONTENT);
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
  return result.content;
}

test('the shipped content is valid', async (t) => {
  const content = await loadShipped();
  const catalog = buildCatalog(content, { origin: BASE_URL });
  t.true(catalog.events.length > 0);
  t.true(StatusData.safeParse(getStatus(catalog, { audience: 'all', window: 'any' }, Date.now())).success);
});

test('every time written on a shipped X or Bluesky source is the time its post id encodes', async (t) => {
  let checked = 0;
  for (const event of await eventFiles(SHIPPED_CONTENT)) {
    for (const source of event.sources) {
      const time = postTime(source.url);
      if (time === null) continue;
      checked += 1;
      if (source.posted_at != null)
        t.is(toSecond(Date.parse(source.posted_at)), toSecond(time), `${event.id} ${source.url}`);
      if (source.role === 'original' && event.announced_at != null)
        t.is(toSecond(Date.parse(event.announced_at)), toSecond(time), `${event.id} announced_at`);
    }
  }
  t.true(checked > 0, 'the record cites X or Bluesky posts');
});

test('every shipped X or Bluesky source is published with the time its post id encodes', async (t) => {
  for (const event of (await loadShipped()).events) {
    for (const source of event.sources) {
      const time = postTime(source.url);
      if (time === null) continue;
      t.is(source.posted_at, new Date(time).toISOString(), `${event.id} ${source.url}`);
      if (source.role === 'original') {
        t.is(event.time_precision, 'exact', event.id);
        t.is(event.announced_at, new Date(time).toISOString(), `${event.id} announced_at`);
      }
    }
  }
});

/**
 * Ids are permanent (content/README.md §4): an event whose day was corrected after publication
 * keeps the id it was published under. Each such id is listed with the day it now has.
 */
const CORRECTED_DAYS: Readonly<Record<string, string>> = {
  // Dated by coverage at first, then by the official post's id (14 March, 20:06:32 UTC).
  '2026-03-13-off-peak-double-usage-promotion': '2026-03-14',
};

test('every shipped event id begins with the UTC day it was announced', async (t) => {
  for (const event of (await loadShipped()).events) {
    const day = event.utc_day ?? event.announced_on;
    if (event.id in CORRECTED_DAYS) {
      t.is(day, CORRECTED_DAYS[event.id] ?? null, event.id);
      t.truthy(event.correction, `${event.id} carries the correction that moved its day`);
    } else t.true(event.id.startsWith(`${day}-`), event.id);
  }
});

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

test('no fictional host, name or handle of the demo fixture is left under content/', async (t) => {
  const demo = [
    ...(await readJson<{ sources: SourceFile[] }>(path.join(DEMO_FIXTURE, 'sources.json'))).sources,
    ...(await eventFiles(DEMO_FIXTURE)).flatMap((event) => event.sources),
  ];
  const names = new Set(demo.flatMap((source) => [source.handle, source.display_name]));
  const patterns = [/wrenquill/i, /tessellark/i, /\.example\b/i, /demonstration data/i];
  const files = await filesUnder(SHIPPED_CONTENT);
  t.true(files.includes('README.md') && files.includes('sources.json'));
  for (const file of files) {
    const text = await readFile(path.join(SHIPPED_CONTENT, file), 'utf8');
    for (const pattern of patterns) t.notRegex(text, pattern, file);
    for (const name of names) t.false(text.includes(name), `${file} names "${name}"`);
  }
});
