import test from 'ava';
import type { Settings } from '../../client/src/cli/settings.js';
import type { StreamState } from '../../client/src/cli/watch.js';
import { SILENCE_MS, followStream } from '../../client/src/cli/watch.js';
import { STREAM_DEFAULTS } from '../../server/config.js';
import { startTrackerStandIn } from '../helpers/tracker-stand-in.js';

/*
 * `watch` gives up a stream that has gone silent (a dropped network does not always end the
 * connection) within two of the server's heartbeats and some slack, rather than waiting on TCP for
 * minutes; a stream that keeps sending heartbeats is kept. The command's stream reader, called here
 * with a shortened limit against a stand-in whose heartbeats come every 100 ms, then stop.
 */

const settings = (url: string): Settings => ({
  command: 'watch',
  url,
  ownLimits: false,
  json: false,
  maxAgeMs: 60_000,
  oldAfterMs: 3_600_000,
  exec: null,
  env: {},
});
const freshState = (): StreamState => ({ lastId: null, latest: undefined, retryMs: 2000 });

test('the silence limit lies between two and three of the server’s heartbeats', (t) => {
  const heartbeat = STREAM_DEFAULTS.heartbeatSeconds * 1000;
  t.true(SILENCE_MS > 2 * heartbeat && SILENCE_MS < 3 * heartbeat, String(SILENCE_MS));
});

test('heartbeats keep the stream; once they stop it is given up after the limit', async (t) => {
  const BEATS = 10;
  const BEAT_MS = 100;
  const LIMIT_MS = 1000;
  let lastBeat = 0;
  const service = await startTrackerStandIn({
    stream: (response) => {
      response.write('retry: 20\n\n');
      let sent = 0;
      const timer = setInterval(() => {
        response.write(': heartbeat\n\n');
        lastBeat = Date.now();
        sent += 1;
        if (sent === BEATS) clearInterval(timer);
      }, BEAT_MS);
      response.on('close', () => clearInterval(timer));
    },
  });
  t.teardown(() => service.stop());
  const started = Date.now();
  const error = await t.throwsAsync(followStream(service.url, freshState(), settings(service.url), LIMIT_MS));
  const ended = Date.now();
  t.regex(error?.message ?? '', /^the stream was silent for 1 s$/);
  t.true(
    lastBeat > 0 && lastBeat - started >= BEATS * BEAT_MS * 0.9,
    'every heartbeat came on one connection',
  );
  t.true(ended - lastBeat >= LIMIT_MS * 0.9, `given up ${ended - lastBeat} ms after the last heartbeat`);
  t.true(ended - lastBeat < LIMIT_MS + 5000, `given up ${ended - lastBeat} ms after the last heartbeat`);
  t.is(service.connections(), 1);
});

test('a server that accepts the connection and never answers is given up after the limit too', async (t) => {
  const service = await startTrackerStandIn({ stream: () => {} });
  t.teardown(() => service.stop());
  // Node holds a head until the first write: the request waits, with nothing at all coming.
  const error = await t.throwsAsync(followStream(service.url, freshState(), settings(service.url), 300));
  t.regex(error?.message ?? '', /silent/);
});
