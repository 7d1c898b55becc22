import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { loadOnce } from './load-once.js';

/**
 * The OpenAPI document, built at its first use rather than at start. Building it loads
 * trpc-to-openapi with zod-openapi and openapi3-ts (and its YAML library: about 150 modules, a
 * quarter of a CPU second on Node 20) and converts every procedure's schemas, which only
 * `/api/openapi.json`, `/docs` and `/llms.txt` need: a worker that never serves them never pays for
 * it. Those routes await `load()` (a resource's `prepare`); a build that fails fails that request and
 * is tried again by the next one.
 */
export class OpenApiDocument {
  #built: { readonly document: OpenAPIObject; readonly body: Buffer } | undefined;
  readonly #build: () => Promise<void>;

  constructor(build: () => Promise<OpenAPIObject>) {
    this.#build = loadOnce(async () => this.#keep(await build()));
  }

  /** A document built already (a test's, a bench's). */
  static of(document: OpenAPIObject): OpenApiDocument {
    const built = new OpenApiDocument(() => Promise.resolve(document));
    built.#keep(document);
    return built;
  }

  /** Builds the document once; resolves at once when it is built. */
  readonly load = (): Promise<void> => (this.#built ? Promise.resolve() : this.#build());

  /** The document; `load()` must have finished. */
  get document(): OpenAPIObject {
    return this.#ready().document;
  }

  /** The document as `/api/openapi.json` serves it; `load()` must have finished. */
  get body(): Buffer {
    return this.#ready().body;
  }

  #keep(document: OpenAPIObject): void {
    this.#built = { document, body: Buffer.from(JSON.stringify(document)) };
  }

  #ready(): { readonly document: OpenAPIObject; readonly body: Buffer } {
    if (!this.#built) throw new Error('the OpenAPI document is not built yet: await load() first');
    return this.#built;
  }
}
