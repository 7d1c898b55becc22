import test from 'ava';
import { assertProblem } from '../../helpers/api.js';
import { readPaths } from '../../helpers/route-paths.js';
import type { RunningServer } from '../../helpers/with-server.js';
import { standingStill, withServer } from '../../helpers/with-server.js';
import { TRPC_PREFIX } from '../../../server/api/trpc-endpoint.js';
import { VAPID_KEY_PATH } from '../../../server/alerts/push/endpoints.js';
import { DEFAULT_LOCALE, splitLocale } from '../../../domain/locales.js';

/**
 * Every resource the route table reads (tests/helpers/route-paths.ts), but `/healthz`, a probe that is
 * never cached (its own checks below), the alerts' key, which answers 503 while alerts are off
 * (tests/server/alerts/ serve it with alerts on), and the pages of email alerts' links, in every
 * language: never cached, they take a POST (their button) and answer 503 while email is off
 * (tests/server/alerts/email-*.test.ts).
 */
const resources = (server: RunningServer) =>
  readPaths(server.routes, { eventId: '2025-01-14-five-hour-reset-all-users' }).filter(
    (path) =>
      path !== '/healthz' && path !== VAPID_KEY_PATH && !splitLocale(path).path.startsWith('/alerts/email/'),
  );

test(
  'a plain fetch with only If-None-Match gets 304 from every resource',
  withServer,
  standingStill(),
  async (t, server) => {
    for (const path of resources(server)) {
      const first = await fetch(`${server.url}${path}`);
      t.is(first.status, 200, path);
      const etag = first.headers.get('etag');
      t.truthy(etag, path);
      const again = await fetch(`${server.url}${path}`, { headers: { 'If-None-Match': etag! } });
      t.is(again.status, 304, path);
      t.is(await again.text(), '', path);
      t.is(again.headers.get('etag'), etag, path);
    }
  },
);

test('an explicit Cache-Control: no-cache does not stop the 304', withServer, async (t, server) => {
  const { headers } = await fetch(`${server.url}/api/v1/sources`);
  const again = await fetch(`${server.url}/api/v1/sources`, {
    headers: { 'If-None-Match': headers.get('etag')!, 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
  });
  t.is(again.status, 304);
});

test(
  'If-Modified-Since is ignored when If-None-Match is present',
  withServer,
  standingStill(),
  async (t, server) => {
    const { headers } = await fetch(`${server.url}/api/v1/status`);
    const matching = await fetch(`${server.url}/api/v1/status`, {
      headers: {
        'If-None-Match': headers.get('etag')!,
        'If-Modified-Since': 'Thu, 01 Jan 2026 00:00:00 GMT',
      },
    });
    t.is(matching.status, 304);
    const other = await fetch(`${server.url}/api/v1/status`, {
      headers: { 'If-None-Match': 'W/"other"', 'If-Modified-Since': 'Thu, 01 Jan 2099 00:00:00 GMT' },
    });
    t.is(other.status, 200);
  },
);

test(
  'POST to every resource and to /healthz gets 405 with Allow and the right problem body',
  withServer,
  async (t, server) => {
    for (const path of [...resources(server), '/healthz']) {
      const page = /^text\/html/.test(
        (await fetch(`${server.url}${path}`)).headers.get('content-type') ?? '',
      );
      const response = await fetch(`${server.url}${path}`, { method: 'POST', body: '{}' });
      t.is(response.headers.get('allow'), 'GET, HEAD, OPTIONS', path);
      if (page) {
        // A page's refusal is a page, in the language of its path.
        const { locale } = splitLocale(path);
        t.is(response.status, 405, path);
        t.regex(response.headers.get('content-type') ?? '', /^text\/html/, path);
        const text = await response.text();
        t.regex(text, new RegExp(`^<!doctype html>\\s*<html lang="${locale}"`), path);
        if (locale === DEFAULT_LOCALE) t.regex(text, /Method not allowed/, path);
        const json = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { Accept: 'application/problem+json' },
        });
        await assertProblem(t, json, { status: 405, code: 'method_not_allowed' });
      } else if (path.startsWith(`${TRPC_PREFIX}/`)) {
        // tRPC's clients read its own envelope, with the problem inside (server/api/trpc-endpoint.ts).
        t.is(response.status, 405, path);
        const body = (await response.json()) as { error: { data: { problem: { code: string } } } };
        t.is(body.error.data.problem.code, 'method_not_allowed', path);
      } else {
        await assertProblem(t, response, { status: 405, code: 'method_not_allowed' });
      }
    }
  },
);

test(
  'methods Node knows but the service does not use (TRACE, PROPFIND) get 405, never 5xx',
  withServer,
  async (t, server) => {
    const { request } = await import('node:http');
    const url = new URL(`${server.url}/api/v1/status`);
    for (const method of ['PROPFIND', 'PURGE', 'TRACE']) {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const req = request({ host: url.hostname, port: url.port, path: url.pathname, method }, (res) => {
          res.resume();
          resolve(res.statusCode);
        });
        req.on('error', reject);
        req.end();
      });
      t.is(status, 405, method);
    }
  },
);

test(
  'HEAD matches GET’s headers, without a body, on every resource',
  withServer,
  standingStill(),
  async (t, server) => {
    const queried = ['/api/v1/status?audience=max', '/api/v1/resets?limit=3&order=asc'];
    for (const path of [...resources(server), ...queried, '/healthz']) {
      // Identity, where the length is the body's, then what fetch asks for (brotli or gzip).
      for (const headers of [{ 'accept-encoding': 'identity' }, {}] as Record<string, string>[]) {
        const label = `${path} ${JSON.stringify(headers)}`;
        const get = await fetch(`${server.url}${path}`, { headers });
        const getBody = await get.arrayBuffer();
        const head = await fetch(`${server.url}${path}`, { method: 'HEAD', headers });
        t.is(get.status, 200, label);
        t.is(head.status, 200, label);
        t.is(await head.text(), '', label);
        if ('accept-encoding' in headers)
          t.is(Number(head.headers.get('content-length')), getBody.byteLength, label);
        for (const name of [
          'etag',
          'cache-control',
          'content-type',
          'content-length',
          'content-encoding',
          'vary',
          'content-security-policy',
        ]) {
          t.is(head.headers.get(name), get.headers.get(name), `${label} ${name}`);
        }
      }
    }
  },
);
