import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { PublishedContent } from '../../domain/catalog.js';
import { computeRevision } from '../../domain/content/revision.js';

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
        const { revision, collection, sources, events, translations, ends } = stored;
        return computeRevision({ collection, sources, events, translations, ends }) === revision ? stored : null;
      } catch {
        return null;
      }
    },
    async save(content) {
      const head = `{"revision":${JSON.stringify(content.revision)},`;
      // Every worker of a cluster loads the same set: a stored copy of this revision is kept as it is.
      if ((await readStart(file, head.length)) === head) return;
      await mkdir(cacheDir, { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      const handle = await open(temporary, 'w');
      try {
        // Written in slices, not as one string: for 10,000 events that string was ~12 MB of heap.
        await handle.write(
          `${head}"collection":${JSON.stringify(content.collection)},"sources":${JSON.stringify(content.sources)},"events":[`,
        );
        for (let start = 0; start < content.events.length; start += WRITE_EVENTS) {
          const slice = content.events
            .slice(start, start + WRITE_EVENTS)
            .map((event) => JSON.stringify(event));
          await handle.write(`${start === 0 ? '' : ','}${slice.join(',')}`);
        }
        await handle.write(
          `]${content.translations ? `,"translations":${JSON.stringify(content.translations)}` : ''}${content.ends ? `,"ends":${JSON.stringify(content.ends)}` : ''}}`,
        );
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
    },
  };
}

/** Events serialised per write when storing a set. */
const WRITE_EVENTS = 500;

/** The first `length` characters of a file, or null when it cannot be read. */
async function readStart(file: string, length: number): Promise<string | null> {
  try {
    const handle = await open(file, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(length * 4), 0, length * 4, 0);
      return buffer.toString('utf8', 0, bytesRead).slice(0, length);
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}
