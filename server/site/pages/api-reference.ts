import type { HeaderObject, OpenAPIObject, ReferenceObject, ResponseObject } from 'openapi3-ts/oas31';
import type { Lang } from '../i18n/lang.js';
import { codeBlock } from './format.js';
import type { SafeHtml } from '../html.js';
import { html } from '../html.js';
import type { Operation, Schema } from './api-operations.js';
import { isRef, listOperations, operationId, resolve, schemaAnchor } from './api-operations.js';
import { code, constraintsOf, joined, list, scrollingTable, typeOf } from './api-schema-text.js';
import { curlExample, queryParameters, tryForms } from './api-try-it.js';

/**
 * The API reference of /docs, rendered on the server from the OpenAPI document: every operation
 * (parameters, responses, a curl example and a form to try it) and every schema. No script.
 */

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
