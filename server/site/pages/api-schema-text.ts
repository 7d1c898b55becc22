import type { Lang } from '../i18n/lang.js';
import type { HtmlValue, SafeHtml } from '../html.js';
import { html } from '../html.js';
import type { Schema } from './api-operations.js';
import { isRef, refName, schemaAnchor } from './api-operations.js';

/**
 * A schema in words for the API reference: its type, its constraints, and the lists and scrolling
 * tables the reference shows them in.
 */

/** Inline code, marked up so that long values (patterns) wrap. */
export const code = (value: unknown) =>
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

export function joined(parts: readonly SafeHtml[], separator: string): SafeHtml {
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

export const list = (lang: Lang, items: readonly SafeHtml[]) =>
  items.length === 0
    ? html`<span class="muted">${lang.t.reference.none}</span>`
    : html`<ul class="plain">
        ${items.map((item) => html`<li>${item}</li>`)}
      </ul>`;

/** A labelled table that scrolls sideways on narrow screens (a focusable region, so keyboards reach it). */
export function scrollingTable(label: string, headings: readonly string[], rows: HtmlValue): SafeHtml {
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
