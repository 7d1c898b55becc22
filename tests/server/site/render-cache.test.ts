import test from 'ava';
import { RenderCache, rendered } from '../../../server/site/render-cache.js';

test('renders each key once per content revision and again after a republish', (t) => {
  const cache = new RenderCache();
  let renders = 0;
  const render = () => {
    renders += 1;
    return rendered(`<p>${renders}</p>`, 'text/html');
  };
  const keys = ['/feed.xml', '/history', '/ja/history'];
  const first = keys.map((key) => cache.get('rev-1', key, render));
  t.is(new Set(first.map((entry) => entry.etag)).size, keys.length, 'each key has its own render');
  keys.forEach((key, i) => t.is(cache.get('rev-1', key, render), first[i]!, key));
  t.is(renders, keys.length);
  const next = keys.map((key) => cache.get('rev-2', key, render));
  t.is(renders, 2 * keys.length);
  keys.forEach((key, i) => t.not(next[i]!.etag, first[i]!.etag, key));
});

test('the entity tag depends only on the bytes of the body', (t) => {
  t.is(rendered('same', 'text/html').etag, rendered('same', 'application/rss+xml').etag);
  t.not(rendered('same', 'text/html').etag, rendered('other', 'text/html').etag);
  t.regex(rendered('x', 'text/html').etag, /^"[A-Za-z0-9_-]{27}"$/);
});

test('holds rendered bodies up to a bound in bytes, dropping the least recently used', (t) => {
  const cache = new RenderCache(1000, 2000);
  let renders = 0;
  const render = () => {
    renders += 1;
    return rendered('x'.repeat(900), 'text/csv');
  };
  cache.get('rev', 'a', render);
  cache.get('rev', 'b', render);
  cache.get('rev', 'c', render);
  t.is(renders, 3);
  cache.get('rev', 'c', render);
  t.is(renders, 3, 'the newest body is kept');
  cache.get('rev', 'a', render);
  t.is(renders, 4, 'the oldest body made room');
});
