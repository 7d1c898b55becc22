import type { OpenAPIObject } from 'openapi3-ts/oas31';

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
  #building: Promise<void> | undefined;
  readonly #build: () => Promise<OpenAPIObject>;

  constructor(build: () => Promise<OpenAPIObject>) {
    this.#build = build;
  }

  /** A document built already (a test's, a bench's). */
  static of(document: OpenAPIObject): OpenApiDocument {
    const built = new OpenApiDocument(() => Promise.resolve(document));
    built.#built = { document, body: Buffer.from(JSON.stringify(document)) };
    return built;
  }

  /** Builds the document once; resolves at once when it is built. */
  readonly load = (): Promise<void> => {
    if (this.#built) return Promise.resolve();
    this.#building ??= this.#build().then(
      (document) => {
        this.#built = { document, body: Buffer.from(JSON.stringify(document)) };
      },
      (error: unknown) => {
        this.#building = undefined;
        throw error;
      },
    );
    return this.#building;
  };

  /** The document; `load()` must have finished. */
  get document(): OpenAPIObject {
    return this.#ready().document;
  }

  /** The document as `/api/openapi.json` serves it; `load()` must have finished. */
  get body(): Buffer {
    return this.#ready().body;
  }

  #ready(): { readonly document: OpenAPIObject; readonly body: Buffer } {
    if (!this.#built) throw new Error('the OpenAPI document is not built yet: await load() first');
    return this.#built;
  }
}
