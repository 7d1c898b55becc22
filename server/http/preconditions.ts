import type Koa from 'koa';
import fresh from 'fresh';

/**
 * Makes `ctx.fresh`, which koa-conditional-get reads, evaluate the request's preconditions as an
 * origin server must (RFC 9110 §13.1.2, §13.2.2): a matching `If-None-Match` is answered 304 whatever
 * the request's `Cache-Control` says (`no-cache` is addressed to caches, RFC 9111 §5.2.1.4, and
 * `fetch()` adds it to every conditional request), and `If-Modified-Since` is ignored when
 * `If-None-Match` is present. The `fresh` package does the comparison; only its input changes.
 */
export function evaluatePreconditions(app: Koa): void {
  Object.defineProperty(app.request, 'fresh', {
    configurable: true,
    get(this: Koa.Request): boolean {
      const { method } = this;
      if (method !== 'GET' && method !== 'HEAD') return false;
      const status = this.ctx.status;
      if ((status < 200 || status >= 300) && status !== 304) return false;
      const noneMatch = this.header['if-none-match'];
      const conditions =
        noneMatch === undefined
          ? { 'if-modified-since': this.header['if-modified-since'] }
          : { 'if-none-match': noneMatch };
      return fresh(conditions, this.response.header);
    },
  });
}
