import test from 'ava';
import { PoliteClient } from '../../../server/leads/polite-client.js';
import { retryAfterMs } from '../../../server/outbound/retry.js';
import { freePort } from '../../helpers/free-port.js';
import { startSourceStandIn } from '../../helpers/source-stand-in.js';

const client = (options: Partial<ConstructorParameters<typeof PoliteClient>[0]> = {}) =>
  new PoliteClient({
    userAgent: 'usage-limit-reset-tracker-leads/1 (+https://tracker.test)',
    timeoutMs: 2_000,
    maxBytes: 64 * 1024,
    clock: Date.now,
    ...options,
  });

test('a conditional GET with the last validators is answered 304: unchanged; the user agent names the service', async (t) => {
  const site = await startSourceStandIn();
  try {
    site.set('/feed', {
      body: '<feed/>',
      etag: '"v1"',
      headers: { 'last-modified': 'Tue, 17 Nov 2026 10:00:00 GMT' },
    });
    const polite = client();
    const first = await polite.get(`${site.origin}/feed`);
    t.like(first, {
      kind: 'body',
      body: '<feed/>',
      validators: { etag: '"v1"', lastModified: 'Tue, 17 Nov 2026 10:00:00 GMT' },
    });
    const second = await polite.get(`${site.origin}/feed`, first.kind === 'body' ? first.validators : {});
    t.deepEqual(second, { kind: 'unchanged' });
    t.is(site.requests[1]!.headers['if-none-match'], '"v1"');
    t.is(site.requests[1]!.headers['if-modified-since'], 'Tue, 17 Nov 2026 10:00:00 GMT');
    t.is(
      site.requests[0]!.headers['user-agent'],
      'usage-limit-reset-tracker-leads/1 (+https://tracker.test)',
    );
  } finally {
    await site.stop();
  }
});

test('one request per host at a time: the second waits for the first to end', async (t) => {
  const site = await startSourceStandIn();
  try {
    site.set('/slow', { stall: true });
    site.set('/fast', { body: 'ok' });
    const polite = client({ timeoutMs: 400 });
    const [slow, fast] = await Promise.all([
      polite.get(`${site.origin}/slow`),
      polite.get(`${site.origin}/fast`),
    ]);
    t.like(slow, { kind: 'failed', reason: 'no answer within 400 ms' });
    t.like(fast, { kind: 'body', body: 'ok' });
    const [first, second] = site.requests;
    t.is(first!.path, '/slow');
    t.true(second!.at >= first!.ended!, 'the second request left after the first ended');
  } finally {
    await site.stop();
  }
});

test('a 429 or 5xx fails with the Retry-After asked; a body over the cap is not read past it', async (t) => {
  const site = await startSourceStandIn();
  try {
    site.set('/busy', { status: 429, headers: { 'retry-after': '120' } });
    site.set('/broken', { status: 503 });
    site.set('/huge', { hugeBytes: 10 * 1024 * 1024 });
    site.set('/declared', { body: 'x'.repeat(70 * 1024) });
    const polite = client();
    t.like(await polite.get(`${site.origin}/busy`), {
      kind: 'failed',
      reason: 'answered 429',
      status: 429,
      retryAfterMs: 120_000,
    });
    t.like(await polite.get(`${site.origin}/broken`), {
      kind: 'failed',
      reason: 'answered 503',
      status: 503,
    });
    t.deepEqual(await polite.get(`${site.origin}/huge`), {
      kind: 'failed',
      reason: 'a body over 65536 bytes, not read past it',
    });
    t.deepEqual(await polite.get(`${site.origin}/declared`), {
      kind: 'failed',
      reason: 'a body over 65536 bytes, not read past it',
    });
    t.is(retryAfterMs('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('2026-10-21T07:27:00Z')), 60_000);
    t.is(retryAfterMs('soon', 0), null);
  } finally {
    await site.stop();
  }
});

test('a redirect is followed on the same host only', async (t) => {
  const site = await startSourceStandIn();
  try {
    site.set('/moved', { redirect: '/here' });
    site.set('/here', { body: 'arrived' });
    const other = site.origin.replace('127.0.0.1', 'localhost');
    site.set('/away', { redirect: `${other}/here` });
    const polite = client();
    t.like(await polite.get(`${site.origin}/moved`), { kind: 'body', body: 'arrived' });
    t.deepEqual(await polite.get(`${site.origin}/away`), {
      kind: 'failed',
      reason: `302 to another host (${new URL(other).host}), not followed`,
    });
    t.deepEqual(
      site.requests.map((request) => request.path),
      ['/moved', '/here', '/away'],
    );
  } finally {
    await site.stop();
  }
});

test('a host that does not answer at all is unreachable, never a throw', async (t) => {
  const polite = client({ timeoutMs: 1_000 });
  const result = await polite.get(`http://127.0.0.1:${await freePort()}/feed`);
  t.is(result.kind, 'failed');
  t.regex(result.kind === 'failed' ? result.reason : '', /^unreachable \(ECONNREFUSED\)$/);
});
