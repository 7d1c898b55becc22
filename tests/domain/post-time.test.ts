import test from 'ava';
import fc from 'fast-check';
import { decodePostTime, decodeSnowflake, decodeTid, parsePostUrl } from '../../domain/content/post-time.js';
import { holds } from '../helpers/arbitraries.js';
import { snowflakeFor, tidFor } from '../helpers/events.js';

// From 2010-11-04 (the snowflake epoch) to 2100.
const msArb = fc.integer({ min: 1288834974657, max: 4102444800000 });

test('an X snowflake decodes to the millisecond it encodes, whatever its low bits', (t) => {
  holds(
    t,
    fc.property(msArb, fc.integer({ min: 0, max: 2 ** 22 - 1 }), (ms, sequence) => {
      if (decodeSnowflake(snowflakeFor(ms, sequence)) !== ms) throw new Error(`${ms}/${sequence}`);
    }),
  );
});

test('hand-computed ids decode to the expected instants', (t) => {
  // 1 << 22 is one millisecond after the snowflake epoch, 2010-11-04T01:42:54.657Z.
  t.is(new Date(decodeSnowflake('4194304')).toISOString(), '2010-11-04T01:42:54.658Z');
  t.is(snowflakeFor(Date.parse('2010-11-04T01:42:54.658Z')), '4194304');
  // 1000 µs << 10 = 1024000 = 31·32³ + 8·32²: digits z, c, 2, 2.
  t.is(decodeTid('222222222zc22'), 1);
  t.is(tidFor(1000), '222222222zc22');
  t.is(decodeTid('2222222222222'), 0);
});

test('a Bluesky TID decodes to its microseconds, truncated to milliseconds', (t) => {
  holds(
    t,
    fc.property(
      msArb,
      fc.integer({ min: 0, max: 999 }),
      fc.integer({ min: 0, max: 1023 }),
      (ms, micros, clock) => {
        const tid = tidFor(BigInt(ms) * 1000n + BigInt(micros), clock);
        if (tid.length !== 13 || decodeTid(tid) !== ms) throw new Error(`${ms}/${micros}/${clock} -> ${tid}`);
      },
    ),
  );
});

test('post URLs on X, Twitter and Bluesky yield their post ids', (t) => {
  const id = snowflakeFor(Date.parse('2025-03-03T17:04:05.123Z'));
  for (const host of ['x.com', 'www.x.com', 'twitter.com', 'mobile.twitter.com']) {
    t.deepEqual(parsePostUrl(`https://${host}/example/status/${id}?s=20`), { platform: 'x', id });
  }
  const tid = tidFor(Date.parse('2025-03-10T09:30:00.250Z') * 1000);
  t.deepEqual(parsePostUrl(`https://bsky.app/profile/jane.bsky.social/post/${tid}`), {
    platform: 'bluesky',
    id: tid,
  });
});

test('X status links without a handle are posts too', (t) => {
  const id = '1585841080431321088';
  t.deepEqual(parsePostUrl(`https://x.com/i/web/status/${id}`), { platform: 'x', id });
  t.deepEqual(parsePostUrl(`https://x.com/i/status/${id}`), { platform: 'x', id });
  t.is(parsePostUrl(`https://x.com/a/b/status/${id}`), null);
});

test('profile and other non-post URLs on those platforms are not posts', (t) => {
  for (const url of [
    'https://x.com/example',
    'https://x.com/example/status/',
    'https://x.com/example/status/0123',
    'https://x.com/example/likes/123',
    'https://bsky.app/profile/jane.bsky.social',
    'https://bsky.app/profile/jane.bsky.social/post/not-a-tid',
    'https://bsky.app/profile/jane.bsky.social/post/zzzzzzzzzzzzz',
  ]) {
    t.is(parsePostUrl(url), null, url);
  }
});

test('URLs elsewhere encode no time', (t) => {
  const post = parsePostUrl('https://status.example.com/incidents/abc');
  t.deepEqual(post, { platform: 'other' });
  t.is(decodePostTime(post!), null);
});
