import type { EventFact } from './cache.js';
import { statusFacts } from './facts.js';
import type { Settings } from './settings.js';
import { terminalText } from '../../../domain/terminal-text.js';

/** Waits before connecting again when the server sends no `retry:` hint. */
const DEFAULT_RETRY_MS = 2000;
const MAX_RETRY_MS = 60_000;
/**
 * The server sends a heartbeat every 25 s (STREAM_HEARTBEAT_SECONDS, server/config.ts): a stream that
 * stays silent past two of them, and some slack, is dead (a dropped network does not always end the
 * connection), and is connected again.
 */
export const SILENCE_MS = 60_000;

export interface StreamState {
  lastId: string | null;
  /** The latest reset's id as last seen; undefined until the first status arrives. */
  latest: string | null | undefined;
  retryMs: number;
}

/**
 * Runs the user's command for a reset, the event in its environment; its output is the user's.
 * child_process loads only here: bundled with the status line (client/scripts/pack.ts), a static
 * import would load it on every status-line call.
 */
async function runCommand(command: string, reset: EventFact, env: NodeJS.ProcessEnv): Promise<void> {
  const failed = (error: Error) =>
    process.stderr.write(`reset-tracker: --exec failed: ${terminalText(error.message)}\n`);
  try {
    const { spawn } = await import('node:child_process');
    const child = spawn(command, {
      shell: true,
      stdio: 'inherit',
      // Through the terminal rule too: the command may print them, and a NUL could not be passed.
      env: {
        ...env,
        RESET_TRACKER_EVENT_ID: terminalText(reset.id),
        RESET_TRACKER_EVENT_TITLE: terminalText(reset.title),
        RESET_TRACKER_EVENT_URL: terminalText(reset.url),
        RESET_TRACKER_EVENT_AT: new Date(reset.at).toISOString(),
      },
    });
    child.on('error', failed);
  } catch (error) {
    failed(error as Error);
  }
}

/** One `status` event's data: a line and the command when its latest reset is new. */
function onStatus(data: string, state: StreamState, settings: Settings): void {
  const status = statusFacts(JSON.parse(data), null);
  const reset = status.latestReset;
  const id = reset?.id ?? null;
  const previous = state.latest;
  // Recorded first: whatever the command does, this reset is not new again after a reconnect.
  state.latest = id;
  if (previous === undefined) {
    process.stdout.write(
      `Watching ${terminalText(settings.url ?? '')} (latest reset: ${reset ? terminalText(reset.title) : 'none'})\n`,
    );
  } else if (id !== previous && reset) {
    process.stdout.write(`New reset: ${terminalText(reset.title)} ${terminalText(reset.url)}\n`);
    if (settings.exec) void runCommand(settings.exec, reset, settings.env);
  }
}

/**
 * Reads one connection's server-sent events (the `text/event-stream` format) until it ends, or until
 * nothing at all has come for `silenceMs`: then it throws, and the caller connects again.
 */
export async function followStream(
  url: string,
  state: StreamState,
  settings: Settings,
  silenceMs = SILENCE_MS,
): Promise<void> {
  const silence = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const heard = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () => silence.abort(new Error(`the stream was silent for ${Math.round(silenceMs / 1000)} s`)),
      silenceMs,
    );
  };
  heard();
  try {
    await readEvents(url, state, settings, silence.signal, heard);
  } catch (error) {
    throw silence.signal.aborted ? silence.signal.reason : error;
  } finally {
    clearTimeout(timer);
  }
}

async function readEvents(
  url: string,
  state: StreamState,
  settings: Settings,
  signal: AbortSignal,
  heard: () => void,
): Promise<void> {
  const response = await fetch(`${url}/api/v1/status/stream`, {
    headers: { accept: 'text/event-stream', ...(state.lastId ? { 'last-event-id': state.lastId } : {}) },
    signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`the stream answered ${response.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  let event = { name: 'message', data: [] as string[], id: null as string | null };
  for await (const chunk of response.body) {
    heard();
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    let end: number;
    while ((end = buffer.search(/\r?\n/)) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + (buffer[end] === '\r' ? 2 : 1));
      if (line === '') {
        if (event.id !== null) state.lastId = event.id;
        if (event.name === 'status' && event.data.length > 0)
          onStatus(event.data.join('\n'), state, settings);
        event = { name: 'message', data: [], id: null };
        continue;
      }
      const colon = line.indexOf(':');
      if (colon === 0) continue;
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event.name = value;
      else if (field === 'data') event.data.push(value);
      else if (field === 'id') event.id = value;
      else if (field === 'retry' && /^\d+$/.test(value)) state.retryMs = Number(value);
    }
  }
}

/**
 * `reset-tracker watch`: follows the live status, printing a line (and running `--exec`) each time
 * the latest reset changes; reconnects with `Last-Event-ID` after a drop, waiting longer after each
 * failure in a row. Runs until interrupted.
 */
export async function watchResets(settings: Settings): Promise<number> {
  const { url } = settings;
  if (!url) {
    process.stderr.write('reset-tracker: set RESET_TRACKER_URL or pass --url\n');
    return 2;
  }
  const state: StreamState = { lastId: null, latest: undefined, retryMs: DEFAULT_RETRY_MS };
  let failures = 0;
  for (;;) {
    try {
      await followStream(url, state, settings);
      failures = 0;
    } catch (error) {
      failures += 1;
      process.stderr.write(`reset-tracker: ${terminalText((error as Error).message)}; reconnecting\n`);
    }
    const wait = Math.min(state.retryMs * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
