import type { Middleware } from 'koa';

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Headers every response carries. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set(SECURITY_HEADERS);
    await next();
  };
}
