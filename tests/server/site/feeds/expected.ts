import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface EventJson {
  readonly id: string;
  readonly kind: string;
  readonly event_status: string;
  readonly title: string;
  readonly first_published_at: string;
  readonly revised_at: string;
}

/** Reads the event files directly, so expectations do not come from the code under test. */
export async function readEvents(contentDir: string): Promise<EventJson[]> {
  const dir = path.join(contentDir, 'events');
  const files = (await readdir(dir)).filter((file) => file.endsWith('.json'));
  return Promise.all(
    files.map(async (file) => JSON.parse(await readFile(path.join(dir, file), 'utf8')) as EventJson),
  );
}

const FEED_STATUSES = new Set(['confirmed', 'cancelled', 'retracted']);

/** The events a feed must carry, in no particular order. */
export function feedEvents(events: readonly EventJson[]): EventJson[] {
  return events.filter((event) => event.kind === 'usage_reset' && FEED_STATUSES.has(event.event_status));
}
