import type { RouterMiddleware } from '@koa/router';
import type { Catalog } from '../../domain/catalog.js';
import type { DirectoryContent } from '../../domain/content/validate.js';
import type { ContentState } from '../content/content-state.js';
import { PUBLIC_CACHE_CONTROL } from '../http/cache-control.js';
import { HttpProblem } from '../http/http-problem.js';
import { makeProblem } from '../http/problem-types.js';
import type { OpenApiDocument } from '../http/openapi-document.js';
import type { RenderCache, Rendered } from './render-cache.js';

/** The MCP endpoint, as the pages and llms.txt tell agents about it: its path and its tools' names. */
export interface McpFace {
  readonly path: string;
  readonly tools: readonly string[];
}

/** The alerts the pages offer (server/config.ts): the alerts control's forms. */
export interface AlertsOptions {
  /** The VAPID public key (base64url) push subscriptions are made with; null when browser alerts are off. */
  readonly publicKey: string | null;
  /** Whether email alerts are on (an SMTP relay): the control offers their form. */
  readonly email?: boolean;
  /** Whether webhooks are on: the control offers their form. */
  readonly webhooks?: boolean;
}

/** What the site's resources are made with: each part takes what it uses of it. */
export interface SiteOptions {
  readonly origin: string;
  /** The OpenAPI document, built at the first request for a page that shows it: /docs and llms.txt list its operations. */
  readonly openApi: OpenApiDocument;
  readonly alerts: AlertsOptions;
  /** The MCP endpoint and its tools, as the app serves them: /docs and llms.txt list them. */
  readonly mcp: McpFace;
}

/** What a resource sees of one request. */
interface ResourceRequest {
  readonly path: string;
  readonly querystring: string;
  /** The route's path parameters (`/events/:id`). */
  readonly params: Readonly<Record<string, string | undefined>>;
  /** Epoch milliseconds at which the request is answered. */
  readonly now: number;
  /** The events being served; while there are none, the resource's `content_unavailable` problem. */
  catalog(): Catalog;
  /** The collection and sources being served; while there are none, the same problem. */
  directory(): DirectoryContent;
}

/** The body a request names: rendered once per content revision and key, then served from the cache. */
interface ResolvedBody {
  /** The content revision the body is made from; `null` for a body no content goes into. */
  readonly revision: string | null;
  readonly key: string;
  readonly render: () => Rendered;
  /** Its Content-Security-Policy, when it differs from the resource's. */
  readonly csp?: string;
  /** Its Cache-Control, when it differs from the resource's (a hashed file name: immutable). */
  readonly cacheControl?: string;
  /** Offered as a download under this name (`Content-Disposition`). */
  readonly filename?: string;
}

/** What the `content_unavailable` problem of a resource says, and the heading of its HTML page. */
interface Unavailable {
  readonly detail: string;
  readonly heading?: string;
}

/**
 * A GET resource of the site (a page, feed, export, badge, the card, a static file): its path, its
 * headers and how a request names its body. `resolve` reads the request strictly first (a bad
 * parameter is refused before the content is looked at), then asks for the content it needs.
 */
export interface SiteResource {
  readonly path: string;
  /**
   * Its path's parameter names a file (`/assets/:file`): like a feed or an export (a path with an
   * extension), what it serves is read by programs, and a failure there is problem+json
   * (server/routes.ts).
   */
  readonly files?: true;
  readonly csp?: string;
  /** Defaults to the short public caching every resource has (`PUBLIC_CACHE_CONTROL`). */
  readonly cacheControl?: string;
  readonly unavailable?: Unavailable;
  /**
   * The pages of this resource the sitemap lists (server/site/pages/crawl.ts), each by its English
   * path; the sitemap adds every language. Absent: not listed (a file, a feed, the card).
   */
  readonly sitemap?: (catalog: Catalog) => readonly SitemapPage[];
  /**
   * Loads what rendering the body needs and the server does not load at start (a module only this
   * resource uses); awaited before each request's `resolve`, so it must be quick once done.
   */
  readonly prepare?: () => Promise<void>;
  resolve(request: ResourceRequest): ResolvedBody;
}

/** A page the sitemap lists: its English path, and the date it last changed, when the content says. */
export interface SitemapPage {
  readonly path: string;
  readonly lastmod: string | null;
}

export interface ResourceDeps {
  readonly content: ContentState;
  readonly origin: string;
  readonly clock: () => number;
  readonly cache: RenderCache;
}

const DEFAULT_UNAVAILABLE: Unavailable = {
  detail: 'This resource is unavailable while the content is invalid.',
};

/** The one handler of every site resource: the content guard, the render cache and the headers. */
export function serveResource(resource: SiteResource, deps: ResourceDeps): RouterMiddleware {
  const { content, origin, clock, cache } = deps;
  const unavailable = (): HttpProblem => {
    const { detail, heading } = resource.unavailable ?? DEFAULT_UNAVAILABLE;
    return new HttpProblem(
      makeProblem(origin, 'content_unavailable', detail),
      heading === undefined ? undefined : { heading },
    );
  };
  const { prepare } = resource;
  if (prepare)
    return async (ctx) => {
      await prepare();
      answer(ctx);
    };
  return answer;

  function answer(ctx: Parameters<RouterMiddleware>[0]): void {
    const snapshot = content.snapshot;
    const resolved = resource.resolve({
      path: ctx.path,
      querystring: ctx.querystring,
      params: ctx.params,
      now: clock(),
      catalog: () => snapshot.catalog ?? throwing(unavailable()),
      directory: () => snapshot.directory ?? throwing(unavailable()),
    });
    const body = cache.get(resolved.revision ?? '-', resolved.key, resolved.render);
    const csp = resolved.csp ?? resource.csp;
    if (csp) ctx.set('Content-Security-Policy', csp);
    if (resolved.filename) ctx.set('Content-Disposition', `attachment; filename="${resolved.filename}"`);
    ctx.status = body.status;
    ctx.type = body.type;
    ctx.set('Cache-Control', resolved.cacheControl ?? resource.cacheControl ?? PUBLIC_CACHE_CONTROL);
    ctx.etag = body.etag;
    ctx.body = body.body;
  }
}

function throwing(error: Error): never {
  throw error;
}
