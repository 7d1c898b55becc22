import type { Element } from '@xmldom/xmldom';
import test from 'ava';
import type { SchemaObject } from 'openapi3-ts/oas31';
import {
  body,
  constraints,
  elements,
  isRef,
  openApi,
  operations,
  page,
  row,
  section,
  server,
  text,
  useDocsPage,
  value,
} from '../../helpers/docs-page.js';
import type { Schema } from '../../helpers/docs-page.js';

/**
 * /docs without JavaScript, its schemas and its forms: every schema's properties, forms that send each
 * operation, headings and table headers, and what the page keeps beside the reference.
 */

useDocsPage();

/** Each property of a schema, an inline object's own properties as `parent.child` (array items `parent[].child`). */
function properties(schema: Schema, prefix = ''): { name: string; schema: Schema; required: boolean }[] {
  if (isRef(schema)) return [];
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const full = `${prefix}${name}`;
    const nested = isRef(property)
      ? []
      : property.type === 'array' && property.items
        ? properties(property.items, `${full}[].`)
        : properties(property, `${full}.`);
    return [{ name: full, schema: property, required: (schema.required ?? []).includes(name) }, ...nested];
  });
}

test('every schema appears with each property, its type, required-ness, description and constraints', (t) => {
  const schemas = Object.entries(openApi.components?.schemas ?? {});
  t.true(schemas.length > 5);
  let rows = 0;
  for (const [name, schema] of schemas) {
    const part = section(t, `schema-${name}`);
    t.is(text(elements(part, 'h3')[0]), name);
    if (!isRef(schema) && schema.description) t.true(text(part).includes(schema.description), name);
    for (const property of properties(schema)) {
      rows += 1;
      const tr = row(part, property.name);
      t.truthy(tr, `${name}.${property.name} has a row`);
      const cells = elements(tr!, 'td').map(text);
      t.is(cells[1], property.required ? 'required' : 'optional', `${name}.${property.name}`);
      if (isRef(property.schema)) {
        const target = property.schema.$ref.split('/').pop()!;
        t.truthy(
          elements(tr!, 'a').find((a) => a.getAttribute('href') === `#schema-${target}`),
          `${name}.${property.name} links ${target}`,
        );
      } else {
        const about = property.schema.description;
        if (about) t.true(cells[2]!.includes(about), `${name}.${property.name}: description`);
        const type = property.schema.type;
        for (const each of Array.isArray(type) ? type : type ? [type] : [])
          t.true(cells[0]!.includes(each), `${name}.${property.name}: ${each}`);
      }
      for (const constraint of constraints(property.schema))
        t.true(cells[2]!.includes(constraint), `${name}.${property.name}: ${constraint}`);
    }
  }
  t.true(rows > 30, `${rows} property rows`);
});

/** The query string a browser sends for a form, with `fill` for its required, empty fields. */
function submission(form: Element, fill: (name: string) => string | undefined): URLSearchParams {
  const query = new URLSearchParams();
  for (const control of [...elements(form, 'input'), ...elements(form, 'select')]) {
    const name = control.getAttribute('name')!;
    if (control.tagName === 'select') {
      const options = elements(control, 'option');
      const chosen = options.find((option) => option.hasAttribute('selected')) ?? options[0];
      query.append(name, chosen?.getAttribute('value') ?? '');
    } else {
      query.append(name, control.getAttribute('value') ?? fill(name) ?? '');
    }
  }
  return query;
}

test('each operation’s forms send to its path with its query parameters, and answer 200 as filled', async (t) => {
  const first = (await (await fetch(`${server!.url}/api/v1/resets?limit=1`)).json()) as {
    pagination: { next_cursor: string };
  };
  for (const operation of operations()) {
    const part = section(t, `op-${operation.id}`);
    const forms = elements(part, 'form');
    t.true(forms.length > 0, `${operation.id} has a form`);
    const query = operation.parameters.filter((parameter) => parameter.in === 'query');
    const names = new Set<string>();
    for (const form of forms) {
      t.is(form.getAttribute('method'), 'get');
      t.is(form.getAttribute('action'), operation.path);
      const controls = [...elements(form, 'input'), ...elements(form, 'select')];
      for (const control of controls) {
        const name = control.getAttribute('name')!;
        names.add(name);
        const parameter = query.find((candidate) => candidate.name === name);
        t.truthy(parameter, `${operation.id}: ${name} is a query parameter`);
        const schema = (parameter?.schema ?? {}) as SchemaObject;
        if (schema.enum) t.is(control.tagName, 'select', `${name} is a select`);
        if (schema.enum)
          t.deepEqual(
            elements(control, 'option').map((option) => option.getAttribute('value')),
            schema.enum.map(value),
          );
        // A text field is always sent: one without a value must be required (the API refuses `name=`).
        if (control.tagName === 'input' && !control.hasAttribute('value'))
          t.true(control.hasAttribute('required'), `${operation.id}: ${name} is required where it is empty`);
        const id = control.getAttribute('id');
        t.truthy(id);
        t.true(
          elements(page, 'label').some((label) => label.getAttribute('for') === id),
          `${operation.id}: ${name} has a label`,
        );
      }
      const fill = (name: string) => {
        if (name === 'cursor') return first.pagination.next_cursor;
        const schema = query.find((parameter) => parameter.name === name)?.schema as SchemaObject | undefined;
        const example: unknown = schema?.examples?.[0];
        return typeof example === 'string' ? example : undefined;
      };
      const search = submission(form, fill).toString();
      const res = await fetch(`${server!.url}${operation.path}${search ? `?${search}` : ''}`);
      if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
        // The status stream: it opens, and is not read to an end it does not have.
        t.is(res.status, 200, `${operation.path}?${search}`);
        await res.body?.cancel();
        continue;
      }
      t.is(res.status, 200, `${operation.path}?${search}: ${await res.text()}`);
    }
    t.deepEqual([...names].sort(), query.map((parameter) => parameter.name).sort(), operation.id);
  }
});

test('headings go down one level at a time and every table has column headers', (t) => {
  const headings = [...body.matchAll(/<h([1-6])\b/g)].map((match) => Number(match[1]));
  t.is(headings.filter((level) => level === 1).length, 1);
  t.is(headings[0], 1);
  headings.forEach((level, index) => {
    if (index > 0) t.true(level <= headings[index - 1]! + 1, `h${headings[index - 1]} then h${level}`);
  });
  const tables = elements(page, 'table');
  t.true(tables.length > 10);
  for (const table of tables) {
    const columns = elements(table, 'thead').flatMap((head) => elements(head, 'th'));
    t.true(columns.length > 1);
    for (const column of columns) t.is(column.getAttribute('scope'), 'col');
  }
});

test('the page keeps the TypeScript examples and the badges, and links the opt-in explorer', (t) => {
  const all = text(page.documentElement);
  t.true(all.includes('Use it from TypeScript'));
  t.true(all.includes('createResetTrackerClient('));
  t.true(all.includes('Badges and a card for your page'));
  t.truthy(elements(page, 'a').find((a) => a.getAttribute('href') === '/docs/explorer'));
});
