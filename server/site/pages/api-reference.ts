import type {
  HeaderObject,
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from 'openapi3-ts/oas31';
import type { Lang } from '../i18n/lang.js';
import { codeBlock } from './format.js';
import type { HtmlValue, SafeHtml } from '../html.js';
import { html } from '../html.js';

/**
 * The API reference of /docs, rendered on the server from the OpenAPI document: every operation
 * (parameters, responses, a curl example and a form to try it) and every schema. No script.
 */

type Schema = SchemaObject | ReferenceObject;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface Operation {
  readonly method: string;
  /** The public path: the document's server path (`/api`) and the operation's. */
  readonly path: string;
  readonly operation: OperationObject;
  /** Its parameters, references resolved, in the document's order. */
  readonly parameters: readonly ParameterObject[];
}

const isRef = (value: object): value is ReferenceObject => '$ref' in value;
const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** `#/components/<kind>/<name>` in the document, or undefined. */
function lookup<T>(document: OpenAPIObject, ref: string): T | undefined {
  const [, , kind, name] = ref.split('/');
  const group = (document.components as Record<string, Record<string, unknown> | undefined> | undefined)?.[
    kind ?? ''
  ];
  return group?.[name ?? ''] as T | undefined;
}

function resolve<T extends object>(document: OpenAPIObject, value: T | ReferenceObject): T | undefined {
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

/** Inline code, marked up so that long values (patterns) wrap. */
const code = (value: unknown) =>
  html`<code>${typeof value === 'string' ? value : JSON.stringify(value)}</code>`;

/** The type of a schema in words: `string (date-time)`, `array of ResetSummary`, `integer or null`. */
export function typeOf(lang: Lang, schema: Schema): SafeHtml {
  const r = lang.t.reference;
  const typeOf_ = (inner: Schema) => typeOf(lang, inner);
  if (isRef(schema)) {
    const name = refName(schema.$ref);
    return html`<a href="#${schemaAnchor(name)}">${name}</a>`;
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return joined(alternatives.map(typeOf_), r.or);
  if (schema.allOf) return joined(schema.allOf.map(typeOf_), r.and);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return schema.const === undefined ? html`${r.any}` : code(schema.const);
  return joined(
    types.map((type) => {
      if (type === 'array') return r.arrayOf(schema.items ? typeOf_(schema.items) : html`${r.any}`);
      return schema.format ? html`${type} (${schema.format})` : html`${type}`;
    }),
    r.or,
  );
}

function joined(parts: readonly SafeHtml[], separator: string): SafeHtml {
  return html`${parts.flatMap((part, index) => (index === 0 ? [part] : [separator, part]))}`;
}

/** The constraints of a schema (enum, bounds, lengths, pattern), also those of each alternative. */
export function constraintsOf(lang: Lang, schema: Schema): SafeHtml[] {
  if (isRef(schema)) return [];
  const r = lang.t.reference;
  const own: SafeHtml[] = [];
  if (schema.const !== undefined) own.push(r.always(code(schema.const)));
  if (schema.enum) own.push(r.oneOf(joined(schema.enum.map(code), ', ')));
  if (schema.minimum !== undefined) own.push(r.minimum(code(schema.minimum)));
  if (schema.maximum !== undefined) own.push(r.maximum(code(schema.maximum)));
  if (typeof schema.exclusiveMinimum === 'number') own.push(r.greaterThan(code(schema.exclusiveMinimum)));
  if (typeof schema.exclusiveMaximum === 'number') own.push(r.lessThan(code(schema.exclusiveMaximum)));
  if (schema.minLength !== undefined) own.push(r.minLength(code(schema.minLength)));
  if (schema.maxLength !== undefined) own.push(r.maxLength(code(schema.maxLength)));
  if (schema.minItems !== undefined) own.push(r.minItems(code(schema.minItems)));
  if (schema.maxItems !== undefined) own.push(r.maxItems(code(schema.maxItems)));
  if (schema.pattern !== undefined) own.push(r.pattern(code(schema.pattern)));
  if (schema.items && !isRef(schema.items))
    own.push(...constraintsOf(lang, schema.items).map((c) => r.items(c)));
  const alternatives = schema.anyOf ?? schema.oneOf ?? [];
  alternatives.forEach((alternative) => {
    for (const constraint of constraintsOf(lang, alternative))
      own.push(html`${typeOf(lang, alternative)}: ${constraint}`);
  });
  return own;
}

const list = (lang: Lang, items: readonly SafeHtml[]) =>
  items.length === 0
    ? html`<span class="muted">${lang.t.reference.none}</span>`
    : html`<ul class="plain">
        ${items.map((item) => html`<li>${item}</li>`)}
      </ul>`;

/** A labelled table that scrolls sideways on narrow screens (a focusable region, so keyboards reach it). */
function scrollingTable(label: string, headings: readonly string[], rows: HtmlValue): SafeHtml {
  return html`<section class="table-scroll" tabindex="0" aria-label="${label}">
    <table>
      <caption class="visually-hidden">
        ${label}
      </caption>
      <thead>
        <tr>
          ${headings.map((heading) => html`<th scope="col">${heading}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
  </section>`;
}

function parametersTable(lang: Lang, entry: Operation): SafeHtml {
  const r = lang.t.reference;
  if (entry.parameters.length === 0) return html`<p>${r.noParameters}</p>`;
  const rows = entry.parameters.map((parameter) => {
    const schema: Schema = parameter.schema ?? {};
    const plain = isRef(schema) ? undefined : schema;
    const description = parameter.description ?? plain?.description ?? '';
    const examples = plain?.examples ?? [];
    return html`<tr>
      <th scope="row"><code>${parameter.name}</code></th>
      <td>${parameter.in}${parameter.required ? r.required : ''}</td>
      <td>${typeOf(lang, schema)}</td>
      <td>${list(lang, constraintsOf(lang, schema))}</td>
      <td>
        ${plain?.default === undefined ? html`<span class="muted">${r.none}</span>` : code(plain.default)}
      </td>
      <td>
        ${lang.editorial(description)}
        ${
          Array.isArray(examples) && examples.length > 0
            ? html`<br /><span class="small">${r.examples} ${joined(examples.map(code), ', ')}</span>`
            : ''
        }
      </td>
    </tr>`;
  });
  return scrollingTable(r.parametersOf(`${entry.method} ${entry.path}`), r.parameterColumns, rows);
}

function responsesTable(lang: Lang, document: OpenAPIObject, entry: Operation): SafeHtml {
  const r = lang.t.reference;
  const rows = Object.entries(entry.operation.responses ?? {}).map(([status, value]) => {
    const response = resolve<ResponseObject>(document, value as ResponseObject | ReferenceObject);
    const headers = Object.entries(response?.headers ?? {}).map(([name, header]) => {
      const resolved = resolve<HeaderObject>(document, header);
      const schema = resolved?.schema;
      return html`<code>${name}</code>${schema ? html` (${typeOf(lang, schema)})` : ''}:
        ${lang.editorial(resolved?.description ?? '')}`;
    });
    const content = Object.entries(response?.content ?? {}).map(
      ([type, media]) =>
        html`<code>${type}</code>${media.schema ? html`: ${typeOf(lang, media.schema)}` : ''}`,
    );
    return html`<tr>
      <th scope="row">${status}</th>
      <td>${lang.editorial(response?.description ?? '')}</td>
      <td>${list(lang, headers)}</td>
      <td>${content.length === 0 ? html`<span class="muted">${r.noBody}</span>` : list(lang, content)}</td>
    </tr>`;
  });
  return scrollingTable(r.responsesOf(`${entry.method} ${entry.path}`), r.responseColumns, rows);
}

const queryParameters = (entry: Operation) =>
  entry.parameters.filter((parameter) => parameter.in === 'query');
/** A default or enum value as a query string sends it. */
const queryValue = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const plainSchema = (parameter: ParameterObject): SchemaObject =>
  parameter.schema && !isRef(parameter.schema) ? parameter.schema : {};

/** A curl command for the operation, with its query parameters that have a default set to it. */
export function curlExample(document: OpenAPIObject, entry: Operation): string {
  const origin = document.servers?.[0]?.url ? new URL(document.servers[0].url).origin : '';
  const query = new URLSearchParams();
  for (const parameter of queryParameters(entry)) {
    const value: unknown = plainSchema(parameter).default;
    if (value !== undefined) query.set(parameter.name, queryValue(value));
  }
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return `curl -sS -H 'User-Agent: my-app/1.0 (https://example.com)' \\\n  '${origin}${entry.path}${search}'`;
}

/** One input (or select, for an enum) of a try-it form, labelled by its parameter's name. */
function field(formId: string, parameter: ParameterObject, required: boolean): SafeHtml {
  const schema = plainSchema(parameter);
  const id = `${formId}-${parameter.name}`;
  const label = html`<label for="${id}"><code>${parameter.name}</code></label>`;
  const fallback: unknown = schema.default;
  if (schema.enum) {
    const options = schema.enum.map(
      (value) =>
        html`<option value="${queryValue(value)}" ${value === fallback ? html`selected` : ''}>
          ${queryValue(value)}
        </option>`,
    );
    return html`<div class="field">
      ${label}<select id="${id}" name="${parameter.name}">
        ${options}
      </select>
    </div>`;
  }
  const numeric = schema.type === 'integer' || schema.type === 'number';
  const attributes = [
    numeric ? html` type="number"` : html` type="text"`,
    schema.type === 'integer' ? html` step="1"` : '',
    schema.minimum !== undefined ? html` min="${schema.minimum}"` : '',
    schema.maximum !== undefined ? html` max="${schema.maximum}"` : '',
    schema.minLength !== undefined ? html` minlength="${schema.minLength}"` : '',
    schema.maxLength !== undefined ? html` maxlength="${schema.maxLength}"` : '',
    fallback !== undefined ? html` value="${queryValue(fallback)}"` : '',
    required ? html` required` : '',
  ];
  return html`<div class="field">${label}<input id="${id}" name="${parameter.name}" ${attributes} /></div>`;
}

/**
 * Forms that send the operation without JavaScript. The API refuses an empty parameter, and a form
 * sends every text field it has, so the first form holds the parameters with a default (or a choice
 * of values), set to it, and each parameter without one gets a form of its own, where it is required.
 */
function tryForms(lang: Lang, entry: Operation): SafeHtml {
  const r = lang.t.reference;
  const id = operationId(entry);
  const parameters = queryParameters(entry);
  const withDefault = parameters.filter((parameter) => plainSchema(parameter).default !== undefined);
  const withoutDefault = parameters.filter((parameter) => plainSchema(parameter).default === undefined);
  const form = (formId: string, fields: SafeHtml[], button: string) =>
    html`<form class="try" id="${formId}" method="get" action="${entry.path}">
      ${fields}
      <button type="submit">${button}</button>
    </form>`;
  return html`${form(
    `try-${id}`,
    withDefault.map((parameter) => field(`try-${id}`, parameter, false)),
    withDefault.length > 0 ? r.sendDefaults : r.send(`${entry.method} ${entry.path}`),
  )}
  ${withoutDefault.map((parameter) =>
    form(
      `try-${id}-${parameter.name}-only`,
      [field(`try-${id}-${parameter.name}-only`, parameter, true)],
      r.sendWith(parameter.name),
    ),
  )}`;
}

function operationSection(lang: Lang, document: OpenAPIObject, entry: Operation): SafeHtml {
  const r = lang.t.reference;
  const id = operationId(entry);
  const { summary, description } = entry.operation;
  const hasQuery = queryParameters(entry).length > 0;
  return html`<section class="operation" aria-labelledby="op-${id}">
    <h3 id="op-${id}"><span class="method">${entry.method}</span> <code>${entry.path}</code></h3>
    ${summary ? html`<p><strong>${lang.editorial(summary)}</strong></p>` : ''}
    ${description ? html`<p>${lang.editorial(description)}</p>` : ''}
    <p class="small muted">${r.operationId} <code>${id}</code></p>
    <h4>${r.parameters}</h4>
    ${parametersTable(lang, entry)}
    <h4>${r.responses}</h4>
    ${responsesTable(lang, document, entry)}
    <h4>${r.exampleRequest}</h4>
    ${codeBlock(r.curlExample(entry.path), curlExample(document, entry))}
    <h4>${r.tryIt}</h4>
    <p class="small">${r.opens}${hasQuery ? ` ${r.emptyRefused}` : ''}</p>
    ${tryForms(lang, entry)}
  </section>`;
}

interface PropertyRow {
  readonly name: string;
  readonly schema: Schema;
  readonly required: boolean;
}

/** The properties of an object schema; an inline object's own properties follow it as `parent.child`. */
function propertyRows(schema: Schema, prefix = ''): PropertyRow[] {
  if (isRef(schema)) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const full = `${prefix}${name}`;
    const nested = !isRef(property)
      ? property.type === 'array' && property.items
        ? propertyRows(property.items, `${full}[].`)
        : propertyRows(property, `${full}.`)
      : [];
    return [{ name: full, schema: property, required: required.has(name) }, ...nested];
  });
}

export { propertyRows as schemaProperties };

function schemaSection(lang: Lang, name: string, schema: Schema): SafeHtml {
  const r = lang.t.reference;
  const rows = propertyRows(schema);
  const description = isRef(schema) ? undefined : schema.description;
  const table =
    rows.length === 0
      ? html`<p>${r.type} ${typeOf(lang, schema)}</p>`
      : scrollingTable(
          r.propertiesOf(name),
          r.propertyColumns,
          rows.map((row) => {
            const constraints = constraintsOf(lang, row.schema);
            const about = isRef(row.schema) ? undefined : row.schema.description;
            return html`<tr>
              <th scope="row"><code>${row.name}</code></th>
              <td>${typeOf(lang, row.schema)}</td>
              <td>${row.required ? r.isRequired : r.isOptional}</td>
              <td>${lang.editorial(about ?? '')} ${constraints.length > 0 ? list(lang, constraints) : ''}</td>
            </tr>`;
          }),
        );
  return html`<section class="schema" aria-labelledby="${schemaAnchor(name)}">
    <h3 id="${schemaAnchor(name)}"><code>${name}</code></h3>
    ${description ? html`<p>${lang.editorial(description)}</p>` : ''} ${table}
  </section>`;
}

/** The operations (h2 Operations) and the schemas (h2 Schemas) of the document. */
export function apiReference(lang: Lang, document: OpenAPIObject): SafeHtml {
  const r = lang.t.reference;
  const operations = listOperations(document);
  const schemas = Object.entries(document.components?.schemas ?? {});
  return html`<h2 id="operations">${r.operations}</h2>
    <ul class="toc">
      ${operations.map(
        (entry) =>
          html`<li>
            <a href="#op-${operationId(entry)}">${entry.method} ${entry.path}</a>:
            ${lang.editorial(entry.operation.summary ?? '')}
          </li>`,
      )}
    </ul>
    ${operations.map((entry) => operationSection(lang, document, entry))}
    <h2 id="schemas">${r.schemas}</h2>
    <ul class="links">
      ${schemas.map(([name]) => html`<li><a href="#${schemaAnchor(name)}">${name}</a></li>`)}
    </ul>
    ${schemas.map(([name, schema]) => schemaSection(lang, name, schema))}`;
}
