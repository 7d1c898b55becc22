import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  SchemaObject,
} from 'openapi3-ts/oas31';

/**
 * The operations of the OpenAPI document as the API reference reads them: each with its public path
 * and its parameters, references resolved, and the anchors the reference links them by.
 */

export type Schema = SchemaObject | ReferenceObject;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface Operation {
  readonly method: string;
  /** The public path: the document's server path (`/api`) and the operation's. */
  readonly path: string;
  readonly operation: OperationObject;
  /** Its parameters, references resolved, in the document's order. */
  readonly parameters: readonly ParameterObject[];
}

export const isRef = (value: object): value is ReferenceObject => '$ref' in value;
export const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** `#/components/<kind>/<name>` in the document, or undefined. */
function lookup<T>(document: OpenAPIObject, ref: string): T | undefined {
  const [, , kind, name] = ref.split('/');
  const group = (document.components as Record<string, Record<string, unknown> | undefined> | undefined)?.[
    kind ?? ''
  ];
  return group?.[name ?? ''] as T | undefined;
}

export function resolve<T extends object>(
  document: OpenAPIObject,
  value: T | ReferenceObject,
): T | undefined {
  return isRef(value) ? lookup<T>(document, value.$ref) : value;
}

/** Every operation of the document, in its order, with its public path. */
export function listOperations(document: OpenAPIObject): Operation[] {
  const server = document.servers?.[0]?.url;
  const prefix = server ? new URL(server).pathname.replace(/\/$/, '') : '';
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])]
        .map((parameter) => resolve<ParameterObject>(document, parameter))
        .filter((parameter) => parameter !== undefined);
      return [{ method: method.toUpperCase(), path: `${prefix}${path}`, operation, parameters }];
    }),
  );
}

export const operationId = (entry: Operation) =>
  entry.operation.operationId ?? `${entry.method}-${entry.path}`.replace(/[^A-Za-z0-9-]+/g, '-');

export const schemaAnchor = (name: string) => `schema-${name}`;
