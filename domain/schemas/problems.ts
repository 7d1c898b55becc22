/**
 * Every problem code the service emits, with its status, title and what it means
 * (docs/product-decisions.md §3). It lives with the schemas because the published `Problem` schema
 * enumerates the codes and titles; `server/http/problem-types.ts` builds the problems.
 */
export const PROBLEM_TYPES = {
  invalid_parameter: {
    status: 400,
    title: 'Invalid parameter',
    about: 'A query parameter has a value the operation does not accept.',
  },
  unknown_parameter: {
    status: 400,
    title: 'Unknown parameter',
    about:
      'The request names a query parameter the operation does not take, so it is refused rather than ignored.',
  },
  repeated_parameter: {
    status: 400,
    title: 'Repeated parameter',
    about: 'The same query parameter was given more than once.',
  },
  invalid_cursor: {
    status: 400,
    title: 'Invalid cursor',
    about:
      'The cursor is malformed, was altered, or was issued for a different query. Start again without a cursor, or repeat the original query parameters.',
  },
  invalid_range: { status: 400, title: 'Invalid range', about: 'The "from" bound is after the "to" bound.' },
  not_found: { status: 404, title: 'Not found', about: 'No resource exists at this address.' },
  method_not_allowed: {
    status: 405,
    title: 'Method not allowed',
    about:
      'The service is read-only: use GET or HEAD (POST on /mcp, the MCP endpoint). The Allow header lists the methods.',
  },
  forbidden: {
    status: 403,
    title: 'Forbidden',
    about:
      "The request comes from a web page of another site (its Origin header): the MCP endpoint and the alert subscriptions answer only the service's own origin and clients that send no Origin.",
  },
  unsupported_media_type: {
    status: 415,
    title: 'Unsupported media type',
    about: 'The request body is not JSON: send it with Content-Type: application/json.',
  },
  payload_too_large: {
    status: 413,
    title: 'Payload too large',
    about:
      'The request body is larger than the service reads (64 KiB on /mcp, 4 KiB on /alerts/subscriptions and /alerts/webhooks, 2 KiB on /alerts/email and its links); send a smaller one.',
  },
  invalid_body: {
    status: 400,
    title: 'Invalid body',
    about:
      'The JSON body is not valid JSON, lacks a field, has a field the request does not take, or a field has a value it does not accept; "parameter" names the field.',
  },
  malformed_request: {
    status: 400,
    title: 'Malformed request',
    about:
      'The request is not valid HTTP (a malformed request line or header, or raw non-ASCII bytes in the target). Percent-encode the URL and send well-formed headers.',
  },
  request_timeout: {
    status: 408,
    title: 'Request timeout',
    about:
      'The request headers, or its body, did not arrive in time; the connection is closed. Send the request again.',
  },
  expectation_failed: {
    status: 417,
    title: 'Expectation failed',
    about: 'The request carries an Expect header the service does not meet; send it without one.',
  },
  request_too_large: {
    status: 431,
    title: 'Request header fields too large',
    about:
      'The request target or headers are larger than the service reads (16 KB in all, at most 200 header lines); shorten them.',
  },
  rate_limited: {
    status: 429,
    title: 'Too many requests',
    about:
      'The client sent more requests than the rate limit allows. Wait the number of seconds in Retry-After; cache responses for at least a minute.',
  },
  internal_error: {
    status: 500,
    title: 'Internal error',
    about: 'The service failed unexpectedly. Nothing about the request needs to change; try again later.',
  },
  content_unavailable: {
    status: 503,
    title: 'Content unavailable',
    about:
      'The reset data is temporarily unavailable because the published content is missing or invalid. Retry after the number of seconds in Retry-After.',
  },
  service_busy: {
    status: 503,
    title: 'Service busy',
    about:
      'This server already holds as many live streams as it allows. Retry after the number of seconds in Retry-After, or poll /api/v1/status instead.',
  },
  alerts_unavailable: {
    status: 503,
    title: 'Alerts unavailable',
    about:
      'This server sends no alerts of this kind: browser alerts need its VAPID key pair, email an SMTP relay, and webhooks its operator turning them on. Follow the feeds or the calendar instead.',
  },
  subscriptions_full: {
    status: 503,
    title: 'Subscriptions full',
    about:
      'This server holds as many alert subscriptions as it allows and stores no new one now. Follow the feeds or the calendar instead, or try again later.',
  },
  push_service_unavailable: {
    status: 503,
    title: 'Push service unavailable',
    about:
      'A browser subscription is stored only once its push service has taken a first message to it; this one failed (an error, no answer in time, or a request to wait), so nothing is stored. Retry after the number of seconds in Retry-After.',
  },
} as const satisfies Record<string, { status: number; title: string; about: string }>;

export type ProblemCode = keyof typeof PROBLEM_TYPES;

export const PROBLEM_CODES = Object.keys(PROBLEM_TYPES) as [ProblemCode, ...ProblemCode[]];
export const PROBLEM_TITLES = [...new Set(Object.values(PROBLEM_TYPES).map((type) => type.title))] as [
  string,
  ...string[],
];
