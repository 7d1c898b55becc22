import type { Middleware } from 'koa';

export interface PublicCorsOptions {
  /** Response headers a cross-origin script may read. */
  readonly exposeHeaders: readonly string[];
  readonly allowMethods: readonly string[];
  /** Seconds a browser may keep a preflight's answer. */
  readonly maxAgeSeconds: number;
  /** Paths left without CORS: a browser on another site may neither read them nor send them JSON. */
  readonly except?: (path: string) => boolean;
}

/**
 * CORS for a public API without credentials: every response, whatever the request's `Origin`, says
 * `Access-Control-Allow-Origin: *`, so a response does not depend on `Origin` and carries no
 * `Vary: Origin` (a shared cache keeps one copy, not one per requesting site). @koa/cors always adds
 * `Vary: Origin`, even with a fixed `*`; this is the same policy without it. A preflight (`OPTIONS`
 * with `Access-Control-Request-Method`) is answered 204 here, allowing the headers it asks for.
 */
export function publicCors(options: PublicCorsOptions): Middleware {
  const expose = options.exposeHeaders.join(',');
  const methods = options.allowMethods.join(',');
  const maxAge = String(options.maxAgeSeconds);
  return async (ctx, next) => {
    if (options.except?.(ctx.path)) {
      await next();
      return;
    }
    ctx.set('Access-Control-Allow-Origin', '*');
    if (ctx.method !== 'OPTIONS' || !ctx.get('Access-Control-Request-Method')) {
      ctx.set('Access-Control-Expose-Headers', expose);
      await next();
      return;
    }
    ctx.set('Access-Control-Max-Age', maxAge);
    ctx.set('Access-Control-Allow-Methods', methods);
    const requested = ctx.get('Access-Control-Request-Headers');
    if (requested) ctx.set('Access-Control-Allow-Headers', requested);
    ctx.status = 204;
  };
}
