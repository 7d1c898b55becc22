import type { Middleware } from 'koa';
import type { ContentState } from '../content/content-state.js';

/**
 * `/healthz`: liveness and readiness; 503 until event content is loaded. `openStreams` counts this
 * process's live streams (the status stream and the tRPC subscription).
 */
export function healthz(content: ContentState, openStreams: () => number): Middleware {
  return (ctx) => {
    const { catalog, directory } = content.snapshot;
    const last = content.lastReload;
    ctx.status = catalog ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      status: catalog ? 'ok' : 'content_unavailable',
      content_loaded: catalog !== null,
      content_revision: directory?.revision ?? null,
      loaded_at: content.loadedAt === null ? null : new Date(content.loadedAt).toISOString(),
      last_reload: last && {
        ok: last.ok,
        fell_back_to_stored: last.fellBack === true,
        at: new Date(last.at).toISOString(),
        problems: last.problems.length,
      },
      open_streams: openStreams(),
      pid: process.pid,
    };
  };
}
