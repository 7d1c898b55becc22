import Router from '@koa/router';
import type { Layer, RouterMiddleware, RouterOptions } from '@koa/router';
import type { Middleware } from 'koa';

/**
 * A route table kept as one @koa/router per first path segment (`/api/v1/status` is under `api`,
 * `/ja/history` under `ja`, `/` under the empty segment). @koa/router tests a request against every
 * route of its table in turn; with five languages' pages the table holds over a hundred, so a request
 * is matched only against the routes that share its first segment, and a path whose first segment no
 * route has goes on unmatched (a 404 further on), as the single table would have let it. (One
 * difference: there a method outside `methods` would get 501 on such a path, here 404; the service
 * lists every method Node parses, so none is outside.)
 *
 * Each route's first segment must be literal (no parameter): a route under a parameter would belong
 * to every segment, and declaring one throws. Segments are compared as the routers compare paths:
 * case-insensitively unless `sensitive` is set.
 */
export class RouteTable {
  readonly #options: RouterOptions;
  /** Each segment's router, and its `routes()` middleware, made once. */
  readonly #bySegment = new Map<string, { readonly router: Router; readonly dispatch: Middleware }>();
  /** Every route, in the order it was declared, whichever router holds it. */
  readonly #layers: Layer[] = [];
  /** Answers 405 and OPTIONS from what the matching router left in `ctx.matched`. */
  readonly #allowed: Router;

  constructor(options: RouterOptions = {}) {
    this.#options = options;
    this.#allowed = new Router(options);
  }

  get(path: string, ...middleware: RouterMiddleware[]): this;
  get(name: string, path: string, ...middleware: RouterMiddleware[]): this;
  get(...args: [string, ...(string | RouterMiddleware)[]]): this {
    return this.#declare('get', args);
  }

  post(path: string, ...middleware: RouterMiddleware[]): this {
    return this.#declare('post', [path, ...middleware]);
  }

  delete(path: string, ...middleware: RouterMiddleware[]): this {
    return this.#declare('delete', [path, ...middleware]);
  }

  /** Every route, in the order declared. */
  get layers(): readonly Layer[] {
    return this.#layers;
  }

  /** The routes that could match `path`: those under its first segment, in the order declared. */
  layersFor(path: string): readonly Layer[] {
    return this.#bySegment.get(this.#segmentOf(path))?.router.stack ?? [];
  }

  /** The middleware that runs the route a request matches, as `router.routes()` does. */
  routes(): Middleware {
    // No async frame of its own: the segment's router (or the next middleware) is the promise.
    return (ctx, next) => {
      const segment = this.#bySegment.get(this.#segmentOf(ctx.path));
      return segment ? (segment.dispatch(ctx, next) as Promise<void>) : next();
    };
  }

  /** `router.allowedMethods()`: 405 (or OPTIONS) on a path a route matched with other methods. */
  allowedMethods(): Middleware {
    return this.#allowed.allowedMethods() as Middleware;
  }

  #declare(method: 'get' | 'post' | 'delete', args: readonly (string | RouterMiddleware)[]): this {
    const named = typeof args[1] === 'string';
    const path = (named ? args[1] : args[0]) as string;
    const segment = this.#segmentOf(path);
    if (/[:*?(){}]/.test(segment)) {
      throw new Error(`the route ${path} has no literal first segment, so it belongs to no one router`);
    }
    let router = this.#bySegment.get(segment)?.router;
    if (!router) {
      router = new Router(this.#options);
      this.#bySegment.set(segment, { router, dispatch: router.routes() as Middleware });
    }
    const before = router.stack.length;
    const middleware = args.slice(named ? 2 : 1) as RouterMiddleware[];
    if (named) router[method](args[0] as string, path, ...middleware);
    else router[method](path, ...middleware);
    this.#layers.push(...router.stack.slice(before));
    return this;
  }

  /** A path's first segment, as the table files it: `/api/v1/status` → `api`, `/` → ``. */
  #segmentOf(path: string): string {
    const end = path.indexOf('/', 1);
    const segment = path.slice(1, end === -1 ? path.length : end);
    return this.#options.sensitive ? segment : segment.toLowerCase();
  }
}
