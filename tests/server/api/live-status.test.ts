import test from 'ava';
import type { ExecutionContext } from 'ava';
import { EventSource } from 'eventsource';
import type { TRPCClientError } from '@trpc/client';
import { createTRPCClient, httpSubscriptionLink } from '@trpc/client';
import type { AppRouter } from '../../../server/api/procedures.js';
import { editJson } from '../../production/helpers/content.js';
import { BASE_URL, copyContent, DEMO_FIXTURE } from '../../helpers/fixtures.js';
import { LiveStreams } from '../../../server/api/live-streams.js';
import { ContentState } from '../../../server/content/content-state.js';
import { loadContent } from '../../../server/content/read-content.js';
import type { OpenStream } from '../../helpers/sse.js';
import { openStream } from '../../helpers/sse.js';
import { eventually } from '../../helpers/wait.js';
import { startServer, usingServer, withServer } from '../../helpers/with-server.js';

const NOW = Date.parse('2026-11-24T10:00:30Z');
const STREAM = '/api/v1/status/stream';

interface StatusBody {
  readonly meta: { readonly content_revision: string; readonly editorial_reviewed_at: string };
}

/** A private copy of the demo content, and a way to republish it with one field changed. */
async function republishable(t: ExecutionContext) {
  const copy = await copyContent(DEMO_FIXTURE);
  t.teardown(copy.dispose);
  let reviews = 0;
  return {
    dir: copy.dir,
    /** Marks a new editorial review: a new content revision, and a new status body. */
    edit: () =>
      editJson(copy.dir, 'collection.json', (collection) => {
        reviews += 1;
        collection.editorial_reviewed_at = `2026-11-2${reviews}T09:00:00Z`;
      }),
  };
}

test('the stream opens with exactly the /api/v1/status body for its filters, its revision as id', async (t) => {
  await usingServer({ clock: () => NOW }, async (server) => {
    const status = await fetch(`${server.url}/api/v1/status?audience=max&window=weekly`);
    const body = await status.text();
    const stream = await openStream(`${server.url}${STREAM}?window=weekly&audience=max`);
    try {
      t.is(stream.status, 200);
      t.regex(stream.headers['content-type'] ?? '', /^text\/event-stream/);
      t.is(stream.headers['cache-control'], 'no-store');
      t.is(stream.headers['x-accel-buffering'], 'no');
      t.is(stream.headers['content-encoding'], undefined, 'a stream is never compressed');
      const first = await stream.nthEvent(1);
      t.is(first.event, 'status');
      t.is(first.data, body);
      t.is(first.id, (JSON.parse(body) as StatusBody).meta.content_revision);
      t.true(stream.retries.length === 1 && stream.retries[0]! > 0, 'a retry hint');
    } finally {
      stream.close();
    }
  });
});

test('a republish sends every open stream the new status; a reconnect with the current id gets no duplicate', async (t) => {
  const content = await republishable(t);
  await usingServer({ content: content.dir, env: { STREAM_HEARTBEAT_SECONDS: '1' } }, async (server) => {
    const stream = await openStream(`${server.url}${STREAM}`);
    const other = await openStream(`${server.url}${STREAM}?audience=pro`);
    try {
      const first = await stream.nthEvent(1);
      await other.nthEvent(1);
      await content.edit();
      t.true(await server.reload());
      const published = Date.now();
      const [second, otherSecond] = await Promise.all([stream.nthEvent(2, 2000), other.nthEvent(2, 2000)]);
      t.true(Date.now() - published < 2000);
      t.not(second.id, first.id);
      const current = (await (await fetch(`${server.url}/api/v1/status`)).json()) as StatusBody;
      t.is(second.id, current.meta.content_revision);
      t.is((JSON.parse(second.data) as StatusBody).meta.editorial_reviewed_at, '2026-11-21T09:00:00Z');
      t.is(otherSecond.id, second.id);

      const resumed = await openStream(`${server.url}${STREAM}`, { 'Last-Event-ID': second.id! });
      try {
        // A status would be written at connect, before the first heartbeat (1 s later).
        t.true(await eventually(() => resumed.comments.length >= 1), 'heartbeats keep the quiet stream open');
        t.is(resumed.events.length, 0, 'no status event the client already has');
        await content.edit();
        await server.reload();
        t.is((await resumed.nthEvent(1, 2000)).event, 'status');
      } finally {
        resumed.close();
      }
    } finally {
      stream.close();
      other.close();
    }
  });
});

test('a bad filter is an ordinary problem before any stream starts', withServer, async (t, server) => {
  for (const [query, code, parameter] of [
    ['?audience=nobody', 'invalid_parameter', 'audience'],
    ['?limit=5', 'unknown_parameter', 'limit'],
    ['?window=weekly&window=any', 'repeated_parameter', 'window'],
  ] as const) {
    const response = await fetch(`${server.url}${STREAM}${query}`);
    t.is(response.status, 400, query);
    t.is(response.headers.get('content-type'), 'application/problem+json', query);
    const problem = (await response.json()) as { code: string; parameter: string };
    t.like(problem, { code, parameter }, query);
  }
});

test('HEAD on the stream answers its head and opens nothing', withServer, async (t, server) => {
  const response = await fetch(`${server.url}${STREAM}`, { method: 'HEAD' });
  t.is(response.status, 200);
  t.regex(response.headers.get('content-type') ?? '', /^text\/event-stream/);
  t.is(await response.text(), '');
});

test('streams are capped per client and per process, each by its problem, and a closed stream frees its place', async (t) => {
  await usingServer({ env: { STREAMS_PER_CLIENT: '2', STREAMS_PER_PROCESS: '100' } }, async (server) => {
    const open = [await openStream(`${server.url}${STREAM}`), await openStream(`${server.url}${STREAM}`)];
    const refused = await fetch(`${server.url}${STREAM}`);
    t.is(refused.status, 429);
    t.truthy(refused.headers.get('retry-after'));
    t.is(((await refused.json()) as { code: string }).code, 'rate_limited');
    const trpcRefused = await fetch(`${server.url}/api/trpc/onResetStatus`);
    t.is(trpcRefused.status, 429, 'the tRPC subscription counts against the same cap');
    open[0]!.close();
    // The server frees the place once it sees the connection close: open again until it has.
    let again: OpenStream | undefined;
    const admitted = await eventually(async () => {
      again?.close();
      again = await openStream(`${server.url}${STREAM}`);
      return again.status === 200;
    });
    t.true(admitted, `a new stream is admitted (last answer ${again?.status})`);
    for (const stream of [...open, again!]) stream.close();
  });
  await usingServer({ env: { STREAMS_PER_CLIENT: '5', STREAMS_PER_PROCESS: '1' } }, async (server) => {
    const one = await openStream(`${server.url}${STREAM}`);
    const busy = await fetch(`${server.url}${STREAM}`);
    t.is(busy.status, 503);
    t.truthy(busy.headers.get('retry-after'));
    t.is(((await busy.json()) as { code: string }).code, 'service_busy');
    one.close();
  });
});

test('stopping the server ends its streams at once, so clients reconnect elsewhere', async (t) => {
  const server = await startServer({ env: { SHUTDOWN_TIMEOUT_MS: '10000' } });
  const stream = await openStream(`${server.url}${STREAM}`);
  await stream.nthEvent(1);
  const started = Date.now();
  await server.stop();
  await stream.ended;
  t.true(Date.now() - started < 3000, `stopped in ${Date.now() - started} ms`);
});

test('once the process stops, a stream that still reaches it is admitted already ended, with no cap refusal', (t) => {
  const content = new ContentState(() => loadContent(DEMO_FIXTURE), BASE_URL);
  const live = new LiveStreams(content, { perClient: 1, perProcess: 1 }, BASE_URL);
  const open = live.admit('198.51.100.1');
  t.is(live.closeAll(), 1);
  t.true(open.signal.aborted, 'the open stream ends');
  const late = live.admit('198.51.100.1');
  t.true(late.signal.aborted, 'a late stream is told to go elsewhere, not refused');
  t.is(live.size, 0);
});

test('an EventSource client receives the status, then the republished one', async (t) => {
  const content = await republishable(t);
  await usingServer({ content: content.dir }, async (server) => {
    const source = new EventSource(`${server.url}${STREAM}?audience=max`);
    const received: MessageEvent[] = [];
    source.addEventListener('status', (event) => received.push(event));
    const nth = async (count: number) => {
      await eventually(() => received.length >= count, { timeout: 2000 });
      return received[count - 1];
    };
    try {
      const first = await nth(1);
      t.truthy(first);
      await content.edit();
      await server.reload();
      const second = await nth(2);
      t.truthy(second, 'the new status within 2 s');
      t.not(second!.lastEventId, first!.lastEventId);
      t.is((JSON.parse(second!.data as string) as StatusBody).meta.content_revision, second!.lastEventId);
    } finally {
      source.close();
    }
  });
});

test('@trpc/client subscribes to onResetStatus over SSE and gets each republished status', async (t) => {
  const content = await republishable(t);
  await usingServer({ content: content.dir, clock: () => NOW }, async (server) => {
    const client = createTRPCClient<AppRouter>({
      links: [httpSubscriptionLink({ url: `${server.url}/api/trpc`, EventSource })],
    });
    const received: { id: string; data: StatusBody }[] = [];
    let failure: unknown = null;
    const subscription = client.onResetStatus.subscribe(
      { audience: 'pro' },
      { onData: (event) => received.push(event), onError: (error) => (failure = error) },
    );
    const waitFor = (count: number) => eventually(() => received.length >= count, { timeout: 2000 });
    try {
      await waitFor(1);
      t.is(received.length, 1, String(failure));
      const rest = (await (await fetch(`${server.url}/api/v1/status?audience=pro`)).json()) as StatusBody;
      t.is(received[0]!.id, rest.meta.content_revision);
      t.deepEqual(received[0]!.data, rest, 'the same body as REST, at the same clock');
      await content.edit();
      await server.reload();
      await waitFor(2);
      t.is(received.length, 2);
      t.is(received[1]!.data.meta.editorial_reviewed_at, '2026-11-21T09:00:00Z');
      t.is(received[1]!.id, received[1]!.data.meta.content_revision);
    } finally {
      subscription.unsubscribe();
    }
  });
});

test(
  'a subscription with a bad filter fails with the REST problem, and its stream ends',
  withServer,
  async (t, server) => {
    const client = createTRPCClient<AppRouter>({
      links: [httpSubscriptionLink({ url: `${server.url}/api/trpc`, EventSource })],
    });
    const error = await new Promise<TRPCClientError<AppRouter>>((resolve) => {
      client.onResetStatus.subscribe(
        // @ts-expect-error: a value the input schema refuses, as an untyped client could send
        { audience: 'nobody' },
        { onError: (failure) => resolve(failure as TRPCClientError<AppRouter>) },
      );
    });
    t.like(error.data?.problem, { code: 'invalid_parameter', parameter: 'audience', status: 400 });
    // tRPC sends the error as an event on the stream it opened, then ends that stream.
    const input = encodeURIComponent(JSON.stringify({ audience: 'nobody' }));
    const raw = await openStream(`${server.url}/api/trpc/onResetStatus?input=${input}`);
    await raw.ended;
    t.deepEqual(
      raw.events.map((event) => event.event),
      ['connected', 'serialized-error'],
    );
  },
);
