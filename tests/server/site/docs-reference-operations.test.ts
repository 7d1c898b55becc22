import test from 'ava';
import {
  body,
  constraints,
  elements,
  headers,
  isRef,
  openApi,
  operations,
  resolved,
  row,
  section,
  text,
  useDocsPage,
  value,
} from '../../helpers/docs-page.js';
import type { Schema } from '../../helpers/docs-page.js';

/**
 * /docs without JavaScript: everything of /api/openapi.json is on the page, read from the document
 * itself (operations, parameters with constraints and defaults, responses, schemas), and each
 * operation has forms that send it.
 */

useDocsPage();

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
