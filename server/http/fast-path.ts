import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { EXPOSED_HEADERS } from '../app.js';
import type { Config } from '../config.js';
import { REST_OPERATIONS } from '../rest/operations.js';
import { readQuery } from '../rest/query.js';
import type { CachedResponse } from '../rest/response-cache.js';
import type { RestRequest, RestResponder } from '../rest/rest-response.js';
import { failedRequests } from '../rest/rest-response.js';
import { PUBLIC_CACHE_CONTROL } from './cache-control.js';
import type { RequestCount } from './rate-limit.js';
import { countRequest, countedRequests, rateLimitHeaders } from './rate-limit.js';
import { logAccess, requestIdFor } from './request-log.js';
import { SECURITY_HEADERS } from './security-headers.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

export interface FastPathOptions {
  /** The Koa app behind the fast path: its proxy settings decide the client IP, as `ctx.ip` does. */
  readonly app: Pick<Koa, 'proxy' | 'proxyIpHeader' | 'maxIpsCount'>;
  /** The responder the Koa REST routes use: the same procedures, the same response cache. */
  readonly rest: RestResponder;
  readonly logger: Logger;
  readonly limiter: RateLimiterAbstract | null;
  readonly config: Pick<Config, 'publicBaseUrl' | 'rateLimit'>;
}

/*
 * Query strings made only of these characters read the same through `URLSearchParams` as through the
 * WHATWG URL parser Koa uses; anything else (spaces, `#`, non-ASCII) is left to Koa.
 */
const PLAIN_QUERY = /^[\w.~%=&+:,-]*$/;
const NO_CACHE = /(?:^|,)\s*?no-cache\s*?(?:,|$)/;
const SPACES_AROUND = /^ +| +$/g;

/**
 * Serves the REST operations' successful answers (200, 304 and HEAD) straight from `node:http`, with
 * every header the Koa chain would set, the rate-limit count and the access log line: from the
 * response cache, or on a miss through the procedure, exactly as the Koa route does (the same
 * responder fills the same cache). Anything else goes to `fallback`, the Koa app: another method or
 * path, a query Koa must judge, a refused client, a procedure that failed (Koa answers the problem).
 */
export function withFastPath(fallback: Handler, options: FastPathOptions): Handler {
  const { app, rest: responder, logger, limiter, config } = options;
  const counting = limiter !== null && config.rateLimit.points > 0 ? limiter : null;
  const proxyHeader = app.proxyIpHeader.toLowerCase();
  const common = [
    ...Object.entries(SECURITY_HEADERS).flat(),
    'Vary',
    'Origin',
    'Access-Control-Allow-Origin',
    '*',
    'Access-Control-Expose-Headers',
    EXPOSED_HEADERS.join(','),
  ];

  function clientIp(req: IncomingMessage): string {
    const forwarded = app.proxy ? req.headers[proxyHeader] : undefined;
    let ips = typeof forwarded === 'string' && forwarded ? forwarded.split(',').map((ip) => ip.trim()) : [];
    if (app.maxIpsCount > 0) ips = ips.slice(-app.maxIpsCount);
    return ips[0] || req.socket.remoteAddress || '';
  }

  function respond(
    req: IncomingMessage,
    res: ServerResponse,
    hit: CachedResponse,
    counted: RequestCount | null,
    ip: string,
    started: bigint,
  ): void {
    const reqId = requestIdFor(headerOf(req.headers, 'x-request-id'));
    const headers = ['X-Request-Id', reqId, ...common];
    if (counted) {
      const limits = rateLimitHeaders(config.rateLimit, counted.outcome).headers;
      for (const name in limits) headers.push(name, limits[name]!);
    }
    const notModified = isFresh(req.headers, hit.etag);
    if (!notModified) headers.push('Content-Type', 'application/json; charset=utf-8');
    headers.push('Cache-Control', PUBLIC_CACHE_CONTROL, 'ETag', hit.etag);
    if (!notModified) headers.push('Content-Length', String(hit.body.length));
    const status = notModified ? 304 : 200;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    res.writeHead(status, headers);
    res.end(notModified || req.method === 'HEAD' ? undefined : hit.body);
    logAccess(logger, {
      reqId,
      method: req.method,
      url: req.url,
      status,
      ms,
      ip,
      ua: headerOf(req.headers, 'user-agent') || undefined,
    });
  }

  /** Answers a counted request: from the cache, through the procedure on a miss, or by handing it to Koa. */
  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    request: RestRequest,
    hit: CachedResponse | undefined,
    counted: RequestCount | null,
    ip: string,
    started: bigint,
  ): void | Promise<void> {
    // Koa answers from this count (a 429, or the problem of a failed procedure) instead of counting again.
    const handOver = () => {
      if (counted) countedRequests.set(req, counted);
      return fallback(req, res);
    };
    if (counted?.limited) return handOver();
    if (hit) return respond(req, res, hit, counted, ip, started);
    return responder.produce(request).then(
      (response) => respond(req, res, response, counted, ip, started),
      (error: unknown) => {
        failedRequests.set(req, error);
        return handOver();
      },
    );
  }

  return (req, res) => {
    const started = process.hrtime.bigint();
    const { method } = req;
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    const operation = REST_OPERATIONS.get(path);
    // If-Modified-Since takes Koa's freshness rules, which need no shortcut: nothing here has a date.
    if (
      !operation ||
      (method !== 'GET' && method !== 'HEAD') ||
      req.headers['if-modified-since'] !== undefined
    ) {
      return fallback(req, res);
    }
    let query: { params: Record<string, string>; canonical: string } = { params: {}, canonical: '' };
    const search = mark === -1 ? '' : url.slice(mark + 1);
    if (operation.params && search !== '') {
      if (!PLAIN_QUERY.test(search)) return fallback(req, res);
      try {
        query = readQuery(new URLSearchParams(search), operation.params, config.publicBaseUrl);
      } catch {
        return fallback(req, res);
      }
    }
    const { params, canonical } = query;
    const request = responder.request(path, operation, params, canonical);
    const hit = responder.cached(request);
    const ip = clientIp(req);
    if (!counting) return answer(req, res, request, hit, null, ip, started);
    return countRequest(counting, ip || 'unknown').then((counted) =>
      answer(req, res, request, hit, counted, ip, started),
    );
  };
}

function headerOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Koa's `ctx.fresh` for a 200 with this ETag and no `Last-Modified` (the `fresh` package, 0.5): weak
 * comparison against each listed tag, `*` matches, and `Cache-Control: no-cache` always revalidates.
 */
function isFresh(headers: IncomingHttpHeaders, etag: string): boolean {
  const noneMatch = headers['if-none-match'];
  if (!noneMatch) return false;
  const cacheControl = headers['cache-control'];
  if (cacheControl && NO_CACHE.test(cacheControl)) return false;
  if (noneMatch === '*') return true;
  for (const token of noneMatch.split(',')) {
    const match = token.replace(SPACES_AROUND, '');
    if (match === etag || `W/${match}` === etag || match === `W/${etag}`) return true;
  }
  return false;
}
