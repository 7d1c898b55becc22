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
import type { RunningServer } from '../../../server/server.js';
import { startServer } from '../../helpers/with-server.js';

/**
 * /docs without JavaScript: everything of /api/openapi.json is on the page, read from the document
 * itself (operations, parameters with constraints and defaults, responses, schemas), and each
 * operation has forms that send it.
 */

let server: RunningServer | undefined;
let openApi: OpenAPIObject;
let page: Document;
let body: string;
let headers: Headers;

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

type Schema = SchemaObject | ReferenceObject;
const isRef = (value: object): value is ReferenceObject => '$ref' in value;

function component<T>(ref: string): T {
  const [, , kind, name] = ref.split('/');
  const found = (openApi.components as Record<string, Record<string, T>>)[kind!]?.[name!];
  if (!found) throw new Error(`${ref} does not resolve`);
  return found;
}
const resolved = <T extends object>(value: T | ReferenceObject): T =>
  isRef(value) ? component<T>(value.$ref) : value;

const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
const elements = (root: Element | Document, tag: string) => Array.from(root.getElementsByTagName(tag));
const byId = (id: string) => page.getElementById(id);

/** The section an `h3` with this id heads. */
function section(t: ExecutionContext, headingId: string): Element {
  const heading = byId(headingId);
  t.truthy(heading, `#${headingId} is on the page`);
  const parent = heading?.parentNode as Element | null;
  if (!parent || parent.tagName !== 'section') throw new Error(`#${headingId} heads no section`);
  return parent;
}

/** The table row of a section whose header cell reads `name`. */
function row(root: Element, name: string): Element | undefined {
  return elements(root, 'tr').find((tr) => text(elements(tr, 'th')[0]) === name);
}

const value = (item: unknown) => (typeof item === 'string' ? item : JSON.stringify(item));

/** Every constraint the page must show for a schema: its own and each alternative's. */
function constraints(schema: Schema): string[] {
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

interface Operation {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly summary: string;
  readonly description: string;
  readonly parameters: ParameterObject[];
  readonly responses: [string, ResponseObject][];
}

function operations(): Operation[] {
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

test('/docs is served under the pages’ CSP, with no script but the local-time one', (t) => {
  const scripts = [...body.matchAll(/<script\b[^>]*>/gi)].map((match) => match[0]);
  t.is(scripts.length, 1);
  t.regex(scripts[0] ?? '', /^<script src="\/assets\/local-time\.[A-Za-z0-9_-]{10}\.js" defer>$/);
  t.notRegex(body, /swagger-ui[\w.-]*\.(js|css)/, 'no Swagger UI file is linked');
  const csp = headers.get('content-security-policy') ?? '';
  t.regex(csp, /^default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self';/);
  t.notRegex(csp, /unsafe-inline|unsafe-eval/);
  t.true(operations().length >= 3, 'the document has operations');
});

test('every operation appears with its method, path, summary, description and curl example', (t) => {
  for (const operation of operations()) {
    const part = section(t, `op-${operation.id}`);
    const heading = text(elements(part, 'h3')[0]);
    t.is(heading, `${operation.method} ${operation.path}`);
    t.true(text(part).includes(operation.summary), `${operation.id} summary`);
    t.true(text(part).includes(operation.description), `${operation.id} description`);
    const curl = elements(part, 'pre').map((pre) => pre.textContent ?? '');
    t.true(
      curl.some(
        (example) =>
          example.startsWith('curl ') &&
          example.includes(`${new URL(openApi.servers![0]!.url).origin}${operation.path}`),
      ),
      `${operation.id} has a curl example for its URL`,
    );
  }
});

test('every parameter appears with where it goes, its type, constraints, default and description', (t) => {
  for (const operation of operations()) {
    const part = section(t, `op-${operation.id}`);
    t.true(operation.parameters.length > 0);
    for (const parameter of operation.parameters) {
      const tr = row(part, parameter.name);
      t.truthy(tr, `${operation.id} ${parameter.name} has a row`);
      const cells = text(tr);
      const schema: Schema = parameter.schema ?? {};
      const plain = isRef(schema) ? undefined : schema;
      t.true(cells.includes(parameter.in), `${parameter.name}: in ${parameter.in}`);
      const description = parameter.description ?? plain?.description;
      if (description) t.true(cells.includes(description), `${parameter.name}: description`);
      if (plain?.default !== undefined)
        t.true(
          elements(tr!, 'td').some((td) => text(td) === value(plain.default)),
          `${parameter.name}: default ${value(plain.default)}`,
        );
      if (plain?.type)
        t.true(cells.includes(String(plain.type)), `${parameter.name}: type ${String(plain.type)}`);
      for (const constraint of constraints(schema))
        t.true(cells.includes(constraint), `${operation.id} ${parameter.name}: ${constraint}`);
    }
  }
});

test('every response appears with its status, description, headers and content types', (t) => {
  for (const operation of operations()) {
    const part = section(t, `op-${operation.id}`);
    for (const [status, response] of operation.responses) {
      const tr = row(part, status);
      t.truthy(tr, `${operation.id} ${status}`);
      const cells = text(tr);
      t.true(cells.includes(response.description), `${operation.id} ${status}: description`);
      for (const [name, header] of Object.entries(response.headers ?? {})) {
        t.true(cells.includes(name), `${operation.id} ${status}: header ${name}`);
        const description = resolved(header).description;
        if (description) t.true(cells.includes(description), `${operation.id} ${status}: ${name} described`);
      }
      for (const type of Object.keys(response.content ?? {}))
        t.true(cells.includes(type), `${operation.id} ${status}: ${type}`);
    }
  }
});

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
