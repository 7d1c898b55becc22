import { DOMParser } from '@xmldom/xmldom';
import type { Document, Element } from '@xmldom/xmldom';
import test from 'ava';
import type { ExecutionContext } from 'ava';
import type {
  OpenAPIObject,
  ParameterObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from 'openapi3-ts/oas31';
import type { RunningServer } from '../../server/server.js';
import { startServer } from './with-server.js';

/**
 * The /docs page as its tests read it: fetched once with the OpenAPI document it shows, parsed, and
 * searched by section, row and constraint. The state is this module's, read by the test file that
 * calls `useDocsPage()` (each test file is its own process).
 */

export let server: RunningServer | undefined;
export let openApi: OpenAPIObject;
export let page: Document;
export let body: string;
export let headers: Headers;

/** Starts a server and reads /docs and the document before the calling file's tests; stops it after. */
export function useDocsPage(): void {
  test.before(async () => {
    server = await startServer();
    openApi = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenAPIObject;
    const res = await fetch(`${server.url}/docs`);
    headers = res.headers;
    body = await res.text();
    page = new DOMParser({
      onError: (level, message) => {
        throw new Error(`/docs does not parse: ${level} ${message}`);
      },
    }).parseFromString(body, 'text/html');
  });

  test.after.always(async () => {
    await server?.stop();
  });
}

export type Schema = SchemaObject | ReferenceObject;
export const isRef = (value: object): value is ReferenceObject => '$ref' in value;

function component<T>(ref: string): T {
  const [, , kind, name] = ref.split('/');
  const found = (openApi.components as Record<string, Record<string, T>>)[kind!]?.[name!];
  if (!found) throw new Error(`${ref} does not resolve`);
  return found;
}
export const resolved = <T extends object>(value: T | ReferenceObject): T =>
  isRef(value) ? component<T>(value.$ref) : value;

export const text = (node: Element | null | undefined) =>
  (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
export const elements = (root: Element | Document, tag: string) => Array.from(root.getElementsByTagName(tag));
const byId = (id: string) => page.getElementById(id);

/** The section an `h3` with this id heads. */
export function section(t: ExecutionContext, headingId: string): Element {
  const heading = byId(headingId);
  t.truthy(heading, `#${headingId} is on the page`);
  const parent = heading?.parentNode as Element | null;
  if (!parent || parent.tagName !== 'section') throw new Error(`#${headingId} heads no section`);
  return parent;
}

/** The table row of a section whose header cell reads `name`. */
export function row(root: Element, name: string): Element | undefined {
  return elements(root, 'tr').find((tr) => text(elements(tr, 'th')[0]) === name);
}

export const value = (item: unknown) => (typeof item === 'string' ? item : JSON.stringify(item));

/** Every constraint the page must show for a schema: its own and each alternative's. */
export function constraints(schema: Schema): string[] {
  if (isRef(schema)) return [];
  const own: string[] = [];
  if (schema.const !== undefined) own.push(`always ${value(schema.const)}`);
  for (const item of schema.enum ?? []) own.push(value(item));
  for (const key of ['minimum', 'maximum', 'minLength', 'maxLength', 'pattern'] as const) {
    if (schema[key] !== undefined) own.push(`${key} ${value(schema[key])}`);
  }
  for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
    own.push(...constraints(alternative));
  if (schema.items) own.push(...constraints(schema.items));
  return own;
}

export interface Operation {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly summary: string;
  readonly description: string;
  readonly parameters: ParameterObject[];
  readonly responses: [string, ResponseObject][];
}

export function operations(): Operation[] {
  const prefix = new URL(openApi.servers![0]!.url).pathname.replace(/\/$/, '');
  return Object.entries(openApi.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'].includes(method))
      .map(([method, raw]) => {
        const operation = raw as NonNullable<typeof item.get>;
        return {
          id: operation.operationId!,
          method: method.toUpperCase(),
          path: `${prefix}${path}`,
          summary: operation.summary ?? '',
          description: operation.description ?? '',
          parameters: (operation.parameters ?? []).map((parameter) => resolved<ParameterObject>(parameter)),
          responses: Object.entries(operation.responses ?? {}).map(([status, response]) => [
            status,
            resolved<ResponseObject>(response as ResponseObject | ReferenceObject),
          ]),
        };
      }),
  );
}
