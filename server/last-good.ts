import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PublishedContent } from '../domain/catalog.js';
import { computeRevision } from '../domain/content/revision.js';

/** Where a process keeps the last content set it validated, for the next process to fall back on. */
export interface LastGoodStore {
  read(): Promise<PublishedContent | null>;
  save(content: PublishedContent): Promise<void>;
}

/**
 * A `pm2 reload` replaces every worker with a fresh process that has nothing in memory, so without
 * this an invalid folder would take the data endpoints down. Each successful load is written here
 * (atomically, by rename); a start on invalid content serves it instead. The stored revision is
 * checked against the stored data, so a damaged file is ignored rather than served.
 */
export function createLastGoodStore(cacheDir: string, contentDir: string): LastGoodStore {
  const key = createHash('sha256').update(contentDir).digest('hex').slice(0, 16);
  const file = path.join(cacheDir, `last-good-${key}.json`);
  return {
    async read() {
      try {
        const stored = JSON.parse(await readFile(file, 'utf8')) as PublishedContent;
        const { revision, collection, sources, events } = stored;
        return computeRevision({ collection, sources, events }) === revision ? stored : null;
      } catch {
        return null;
      }
    },
    async save(content) {
      await mkdir(cacheDir, { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(content));
      await rename(temporary, file);
    },
  };
}
