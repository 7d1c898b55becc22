import test from 'ava';
import type { ResetsResponse, StatusResponse } from '../../../domain/schemas/index.js';
import { getJson } from '../../helpers/api.js';
import type { RunningServer } from '../../helpers/with-server.js';
import { usingServer } from '../../helpers/with-server.js';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Mid-minute, with milliseconds, so rounding to the minute is visible. */
const START = Date.parse('2026-11-21T10:15:42.123Z');

/** The service on demo content with a clock the test moves. */
async function withClock(run: (app: RunningServer, clock: { now: number }) => Promise<void>): Promise<void> {
  const clock = { now: START };
  await usingServer({ clock: () => clock.now }, (app) => run(app, clock));
}

test('a repeated request is served from the cache: same ETag, same body, built once', async (t) => {
  await withClock(async (app, clock) => {
    const url = `${app.url}/api/v1/resets?limit=3`;
    const first = await getJson<ResetsResponse>(url);
    t.is(first.body.meta.generated_at, new Date(START).toISOString());
    clock.now += 20_000;
    const second = await getJson<ResetsResponse>(url);
    t.is(second.response.headers.get('etag'), first.response.headers.get('etag'));
    t.deepEqual(second.body, first.body, 'generated_at still says when the cached body was built');
  });
});

test('the same query with its parameters in another order hits the same cached body', async (t) => {
  await withClock(async (app, clock) => {
    const first = await getJson<ResetsResponse>(`${app.url}/api/v1/resets?limit=3&order=asc`);
    clock.now += 5_000;
    const second = await getJson<ResetsResponse>(`${app.url}/api/v1/resets?order=asc&limit=3`);
    t.deepEqual(second.body, first.body);
  });
});

test('days_since_last is measured from the start of the current minute', async (t) => {
  await withClock(async (app) => {
    const { body } = await getJson<StatusResponse>(`${app.url}/api/v1/status?window=five_hour`);
    const { last_reset_at: last, days_since_last: days } = body.data.stats;
    t.truthy(last);
    const minute = Math.floor(START / MINUTE_MS) * MINUTE_MS;
    t.is(days, (minute - Date.parse(last!)) / DAY_MS);
    t.is(body.meta.generated_at, new Date(START).toISOString());
  });
});

test('within a minute the status body and ETag hold; the next minute moves both', async (t) => {
  await withClock(async (app, clock) => {
    const url = `${app.url}/api/v1/status?window=five_hour`;
    const first = await getJson<StatusResponse>(url);
    const tag = first.response.headers.get('etag');

    clock.now = Math.floor(START / MINUTE_MS) * MINUTE_MS + 59_999;
    const sameMinute = await getJson<StatusResponse>(url);
    t.is(sameMinute.response.headers.get('etag'), tag);
    t.is(sameMinute.body.data.stats.days_since_last, first.body.data.stats.days_since_last);

    clock.now = Math.floor(START / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
    const nextMinute = await getJson<StatusResponse>(url);
    t.not(nextMinute.response.headers.get('etag'), tag);
    t.is(nextMinute.body.meta.generated_at, new Date(clock.now).toISOString());
    const step = nextMinute.body.data.stats.days_since_last! - first.body.data.stats.days_since_last!;
    t.true(Math.abs(step - MINUTE_MS / DAY_MS) < 1e-9, `moved by ${step} days`);
  });
});

test('a status without an exact latest reset does not change with the minute', async (t) => {
  await withClock(async (app, clock) => {
    const url = `${app.url}/api/v1/status?audience=max`;
    const first = await getJson<StatusResponse>(url);
    t.is(first.body.data.stats.days_since_last, null);
    clock.now += 3 * MINUTE_MS;
    const later = await getJson<StatusResponse>(url);
    t.is(later.response.headers.get('etag'), first.response.headers.get('etag'));
    t.not(later.body.meta.generated_at, first.body.meta.generated_at, 'built again for the new minute');
  });
});
