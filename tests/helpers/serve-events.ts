import pino from 'pino';
import type { PublishedEvent } from '../../domain/content/events.js';
import { createApp } from '../../server/app.js';
import { ContentState } from '../../server/content/content-state.js';
import { BASE_URL, publishedContent } from './events.js';
import type { ListeningApp } from './with-server.js';
import { listen } from './with-server.js';

/** The whole app serving exactly `events` (built with the helpers of events.ts), on port 0. */
export async function serveEvents(
  events: readonly PublishedEvent[],
  clock: () => number = Date.now,
): Promise<ListeningApp> {
  const content = new ContentState(
    () => Promise.resolve({ ok: true as const, content: publishedContent(events) }),
    BASE_URL,
    clock,
  );
  await content.reload();
  return listen(
    createApp({
      config: {
        publicBaseUrl: BASE_URL,
        rateLimit: { points: 0, windowSeconds: 60, redisUrl: null },
        trustProxyHops: 0,
      },
      content,
      logger: pino({ level: 'silent' }),
      limiter: null,
      clock,
    }),
  );
}
