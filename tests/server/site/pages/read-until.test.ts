import test from 'ava';
import { exactEvent } from '../../../helpers/events.js';
import { getText } from '../../../helpers/html.js';
import { usingServer, withServer } from '../../../helpers/with-server.js';

/*
 * Every place that says how long ago the latest reset was also says up to which day the record's
 * sources were read (the collection's `material_until`; 2026-11-20 in the demo), in every language.
 */
const UNTIL = '<time datetime="2026-11-20">';
const PREFIXES = ['', '/ja', '/ko', '/zh-CN', '/zh-TW'];
const EVENT = '/events/2025-11-27-weekly-reset-everyone';

test(
  'home, event page and embed name the day the sources were read, in every language',
  withServer,
  async (t, server) => {
    for (const prefix of PREFIXES)
      for (const path of [`${prefix}/`, `${prefix}${EVENT}`, `${prefix}/embed`]) {
        const { body } = await getText(`${server.url}${path}`);
        t.true(body.includes(UNTIL), path);
      }
    const { body } = await getText(`${server.url}/`);
    t.regex(
      body,
      /Sources read up to <time datetime="2026-11-20">[^<]*<\/time>: a reset announced after that day/,
    );
  },
);

test('the feeds describe themselves with the same day', withServer, async (t, server) => {
  for (const path of ['/feed.xml', '/feed.atom', '/feed.json']) {
    const { body } = await getText(`${server.url}${path}`);
    t.true(body.includes('Sources read up to 2026-11-20'), path);
  }
});

test('an event with a stated end shows it; a set without material_until says nothing of it', async (t) => {
  const boost = exactEvent('weekly-boost', '2026-05-13T20:41:14Z', { kind: 'limit_increase' });
  await usingServer(
    { events: [boost], extras: { ends: { 'weekly-boost': '2026-07-14T01:00:00Z' } } },
    async (server) => {
      const { body } = await getText(`${server.url}/events/weekly-boost`);
      t.regex(body, /<dt>Ends<\/dt>\s*<dd><time datetime="2026-07-14T01:00:00.000Z">/);
      t.false(body.includes('Sources read up to'));
      t.false((await getText(`${server.url}/`)).body.includes('Sources read up to'));
    },
  );
});
