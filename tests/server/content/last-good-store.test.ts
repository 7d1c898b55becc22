import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import type { ExecutionContext } from 'ava';
import type { PublishedContent } from '../../../domain/catalog.js';
import { loadContent } from '../../../server/content/read-content.js';
import { computeRevision } from '../../../domain/content/revision.js';
import { createLastGoodStore } from '../../../server/content/last-good.js';
import { DEMO_FIXTURE } from '../../helpers/fixtures.js';

async function published(): Promise<PublishedContent> {
  const result = await loadContent(DEMO_FIXTURE);
  if (!result.ok) throw new Error('the embedded content must be valid');
  return result.content;
}

async function tempDir(t: { teardown(fn: () => Promise<void>): void }): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-last-good-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A store in a fresh folder holding the embedded set, and the one file it wrote. */
async function storedSet(t: ExecutionContext) {
  const content = await published();
  const dir = await tempDir(t);
  const store = createLastGoodStore(dir, DEMO_FIXTURE);
  t.is(await store.read(), null, 'nothing stored yet');
  await store.save(content);
  const [name] = await readdir(dir);
  return { content, store, file: path.join(dir, name!) };
}

test('a stored set reads back whole, and is the same JSON as the set itself', async (t) => {
  const { content, store, file } = await storedSet(t);
  t.deepEqual(await store.read(), JSON.parse(JSON.stringify(content)));
  t.is(await readFile(file, 'utf8'), JSON.stringify(content));
});

test('saving a revision already stored leaves the file alone; another revision replaces it', async (t) => {
  const { content, store, file } = await storedSet(t);
  // Dated a day back, to the second (a file system keeps milliseconds as a float): a write of the
  // same revision would make it now.
  const dayAgo = new Date(Math.floor((Date.now() - 86_400_000) / 1000) * 1000);
  await utimes(file, dayAgo, dayAgo);
  await store.save(content);
  t.is((await stat(file)).mtimeMs, dayAgo.getTime(), 'the same revision is not written again');

  const events = content.events.slice(1);
  const { collection, sources, translations } = content;
  // Hashed as validation hashes a set: its translations (the pages') with it, when it has any.
  const revision = computeRevision({
    collection,
    sources,
    events,
    ...(translations ? { translations } : {}),
  });
  const changed = { ...content, events, revision };
  await store.save(changed);
  t.is((await store.read())?.revision, changed.revision);
});

test('a damaged stored file is not served', async (t) => {
  const { store, file } = await storedSet(t);
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace('"title":"', '"title":"tampered '));
  t.is(await store.read(), null);
});
