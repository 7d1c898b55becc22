import type { OpenAPIObject, ParameterObject, SchemaObject } from 'openapi3-ts/oas31';
import type { Lang } from '../i18n/lang.js';
import type { SafeHtml } from '../html.js';
import { html } from '../html.js';
import type { Operation } from './api-operations.js';
import { isRef, operationId } from './api-operations.js';

/**
 * An operation of the API reference put to use: a curl command for it, and the forms that send it
 * without JavaScript.
 */

export const queryParameters = (entry: Operation) =>
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
export function tryForms(lang: Lang, entry: Operation): SafeHtml {
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
