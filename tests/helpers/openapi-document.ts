import type { OpenAPIObject, OperationObject, ReferenceObject, ResponseObject } from 'openapi3-ts/oas31';
import { getJson, mediaType } from './api.js';

/** The served OpenAPI document as its tests read it: fetched, by operation, its references followed. */

/** The operations that answer JSON (and so ETags and 304); the stream answers events. */
export const STREAM_PATH = '/v1/status/stream';

export async function fetchDocument(url: string): Promise<OpenAPIObject> {
  const { response, body } = await getJson<OpenAPIObject>(`${url}/api/openapi.json`);
  if (response.status !== 200 || mediaType(response) !== 'application/json') {
    throw new Error(`GET /api/openapi.json answered ${response.status} ${mediaType(response)}`);
  }
  return body;
}

export function operations(document: OpenAPIObject): [string, OperationObject][] {
  return Object.entries(document.paths ?? {}).map(([path, item]) => {
    if (!item.get) throw new Error(`${path} has no GET operation`);
    return [path, item.get];
  });
}

/** Follows a local `$ref` (`#/components/…`) once. */
export function deref<T>(document: OpenAPIObject, value: T | ReferenceObject | undefined): T {
  if (value === undefined) throw new Error('missing');
  if (!value || typeof value !== 'object' || !('$ref' in value)) return value;
  const target = value.$ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document);
  if (target === undefined) throw new Error(`unresolved ${value.$ref}`);
  return target as T;
}

export function responseOf(
  document: OpenAPIObject,
  operation: OperationObject,
  status: string,
): ResponseObject {
  return deref(document, operation.responses?.[status] as ResponseObject | ReferenceObject | undefined);
}
