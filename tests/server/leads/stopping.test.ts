import { setTimeout as delay } from 'node:timers/promises';
import test from 'ava';
import { PoliteClient } from '../../../server/leads/polite-client.js';
import { Watcher } from '../../../server/leads/watcher.js';
import { setUp, watcherOptions } from '../../helpers/lead-watcher.js';

/** Waits for `done` on the wall clock, at most `ms`: a bound only a failure reaches. */
async function until(done: () => boolean, ms = 10_000): Promise<void> {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > ms) throw new Error('never happened');
    await delay(10);
  }
}

test('stop() during a round ends the request in flight and polls no further source', async (t) => {
  const setup = await setUp(t);
  // A source that answers slowly: far slower than PM2's kill_timeout of 20 s.
  setup.site.set('/slow.json', { stall: true });
  setup.site.set('/next.json', { body: '{}' });
  const options = watcherOptions(setup, setup.store);
  const watcher = new Watcher({
    ...options,
    sources: [
      { name: 'slow', kind: 'peer_data', url: `${setup.site.origin}/slow.json` },
      { name: 'next', kind: 'peer_data', url: `${setup.site.origin}/next.json` },
    ],
    context: {
      ...options.context,
      client: new PoliteClient({
        userAgent: 'test',
        timeoutMs: 600_000,
        maxBytes: 65_536,
        clock: () => setup.now,
      }),
    },
  });
  watcher.start();
  await until(() => setup.site.requests.length === 1);
  // Against a time-out of ten minutes, stop() must end the request itself to be done in seconds.
  const stopped = await Promise.race([watcher.stop().then(() => 'stopped'), delay(10_000, 'still running')]);
  t.is(stopped, 'stopped');
  await until(() => setup.site.requests[0]!.ended !== null);
  t.deepEqual(
    setup.site.requests.map((request) => request.path),
    ['/slow.json'],
    'the next source is not polled',
  );
  t.is(
    await setup.store.leads.sourceState('slow'),
    null,
    'the source stopped under way is not counted as failing',
  );
});
