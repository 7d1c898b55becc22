import fc from 'fast-check';

/** One generated request: the raw bytes, and what a check needs to know about them. */
export interface OddRequest {
  readonly method: string;
  readonly target: string;
  readonly raw: Buffer;
}

const METHODS = [
  'GET',
  'GET',
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'PURGE',
  'BREW',
  'get',
];
const PATHS = [
  '/api/v1/status',
  '/api/v1/resets',
  '/api/v1/sources',
  '/api/openapi.json',
  '/api/trpc/getResetStatus',
  '/api/trpc/listResets',
  '/api/trpc/listSources',
  '/api/trpc/getResetStatus,listSources',
  '/api/trpc/nope',
  '/api/trpc',
  '/api/v2/status',
  '/api/',
  '/api',
  '/feed.xml',
  '/feed.json',
  '/',
  '/sources',
  '/docs',
  '/docs/assets/swagger-ui.css',
  '/docs/assets/../../package.json',
  '/assets/site.css',
  '/assets/%2e%2e/%2e%2e/package.json',
  '/problems',
  '/problems/not_found',
  '/problems/%00',
  '/events/2025-01-14-five-hour-reset-all-users',
  '/events/..%2f..%2fetc%2fpasswd',
  '/events/%E0%A4%A',
  '/events/',
  '/healthz',
  '//api/v1/status',
  '/api/v1/status/',
  '/API/V1/STATUS',
  '/%',
  '/%zz',
  '/\u00e9t\u00e9',
];
const PARAMS = [
  'limit',
  'cursor',
  'from',
  'to',
  'order',
  'audience',
  'window',
  'input',
  'batch',
  'nope',
  'LIMIT',
  '',
];
const VALUES = [
  '',
  '0',
  '1',
  '20',
  '100',
  '101',
  '-1',
  '0x10',
  '0b11',
  '1e2',
  '100.0',
  ' 5',
  '4.9999999999999999',
  '99999999999999999999999',
  'NaN',
  'asc',
  'desc',
  'max',
  'broad',
  'weekly',
  'five_hour',
  'everyone',
  '2025-03-03',
  '0000-01-01',
  '9999-12-31T23:59:59Z',
  '2025-13-45',
  '2025-03-03T10:00:00',
  '2025-03-03T10:00:00+25:00',
  'AAAA',
  '!!!',
  'eyJub3BlIjp0cnVlfQ',
  '{}',
  '{"0":{}}',
  '{"limit":"abc"}',
  '{bad json',
  'null',
  '%',
  '%zz',
  '%E2%82',
  '%C3%A9',
  '\u00e9',
  '\u{1F600}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'a'.repeat(2000),
];
const HEADERS: [string, readonly string[]][] = [
  ['Host', ['localhost', '[', 'a b', 'x:99999', '%', '[::1', 'a#b', 'a?limit=1', '']],
  ['Accept', ['*/*', 'application/json', 'text/html', 'application/problem+json', 'image/png', '', ';;;']],
  ['If-None-Match', ['*', 'W/"x"', '"', 'garbage', '""']],
  ['If-Modified-Since', ['Thu, 01 Jan 2026 00:00:00 GMT', 'yesterday', '']],
  ['Cache-Control', ['no-cache', 'max-age=0', 'only-if-cached']],
  ['X-Forwarded-For', ['1.2.3.4', 'not-an-ip', ', , ,', '::1, 10.0.0.1']],
  ['Origin', ['https://app.example', 'null', '']],
  ['Content-Type', ['application/json', 'text/plain', 'multipart/form-data; boundary=x']],
  ['X-Request-Id', ['ok-1', 'bad id with spaces', 'x'.repeat(300)]],
  ['Range', ['bytes=0-10', 'bytes=-1']],
  ['Accept-Encoding', ['gzip', 'br', '*']],
];

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);

/** A value written into a target: raw, percent-encoded, or left with characters that need encoding. */
const encodedValue = fc
  .tuple(pick(VALUES), fc.constantFrom('raw', 'encoded'))
  .map(([value, how]) =>
    how === 'encoded' ? encodeURIComponent(value) : value.replace(/[ #\r\n]/g, encodeURIComponent),
  );

const query = fc
  .array(fc.tuple(pick(PARAMS), encodedValue), { maxLength: 5 })
  .map((pairs) =>
    pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`,
  );

const headers = fc
  .subarray(HEADERS, { maxLength: 5 })
  .chain((chosen) =>
    fc.tuple(...chosen.map(([name, values]) => pick(values).map((value) => `${name}: ${value}\r\n`))),
  );

/** Odd HTTP/1.1 requests, most of them well-formed enough to reach the app. */
const oddRequest: fc.Arbitrary<OddRequest> = fc
  .tuple(pick(METHODS), pick(PATHS), query, headers, fc.boolean())
  .map(([method, path, search, lines, hostFirst]) => {
    const target = `${path}${search}`.replace(/[^\x21-\x7e\u00a0-\u{10ffff}]/gu, encodeURIComponent);
    const hasHost = lines.some((line) => line.startsWith('Host:'));
    const head = `${hasHost || !hostFirst ? '' : 'Host: localhost\r\n'}${lines.join('')}`;
    const body = ['POST', 'PUT', 'PATCH'].includes(method) ? '{"x":1}' : '';
    const length = body ? `Content-Length: ${body.length}\r\n` : '';
    const raw = Buffer.from(
      `${method} ${target} HTTP/1.1\r\n${head}${length}Connection: close\r\n\r\n${body}`,
    );
    return { method, target, raw };
  });

/** `count` odd requests from one seed: the same seed gives the same requests. */
export function oddRequests(seed: number, count: number): OddRequest[] {
  return fc.sample(oddRequest, { seed, numRuns: count });
}
