import type { Context, Middleware } from 'koa';
import { makeProblem } from './problem-types.js';
import { HttpProblem } from './http-problem.js';

/** Whether a URL's hostname is this machine's loopback: `localhost` (and `*.localhost`), 127/8, `[::1]`. */
function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)
  );
}

/**
 * Whether a server without `PUBLIC_BASE_URL` takes a page at `origin`: only on a loopback `Host`,
 * from a loopback origin of the same scheme and port (`localhost` and `127.0.0.1` alike). A page on
 * another name that resolves to this server (DNS rebinding) sends its own name as `Host`, so taking
 * the request's own `Host` as the site's origin would let it in.
 */
function isLocalOrigin(ctx: Context, origin: string): boolean {
  let page: URL;
  let host: URL;
  try {
    page = new URL(origin);
    host = new URL(`${ctx.protocol}://${ctx.host}`);
  } catch {
    return false;
  }
  return (
    isLoopbackName(host.hostname) &&
    isLoopbackName(page.hostname) &&
    page.protocol === host.protocol &&
    page.port === host.port
  );
}

/**
 * Refuses a request a web page of another site sends (its `Origin`), as the MCP Streamable HTTP
 * transport asks of a server against DNS rebinding: a request without `Origin` (not from a browser)
 * and one from the site's own origin pass. The site's origin is `PUBLIC_BASE_URL`'s (`configured`); a
 * server given none (a local one) takes only loopback pages on a loopback `Host` (`isLocalOrigin`).
 */
export function sameOriginOnly(origin: string, configured: boolean): Middleware {
  const site = configured ? new URL(origin).origin : null;
  const accepted = (ctx: Context, asked: string) =>
    site === null ? isLocalOrigin(ctx, asked) : asked === site;
  return async (ctx, next) => {
    const asked = ctx.get('Origin');
    if (asked && !accepted(ctx, asked)) {
      throw new HttpProblem(
        makeProblem(origin, 'forbidden', `Requests from the origin ${asked} are not accepted here.`),
      );
    }
    await next();
  };
}
