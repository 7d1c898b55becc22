import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { CONTENT_SCHEMAS, contentJsonSchema } from '../../domain/content/json-schema.js';
import { BROKEN_FIXTURES, DEMO_FIXTURE, SHIPPED_CONTENT } from '../helpers/fixtures.js';

const readJson = async (file: string): Promise<unknown> =>
  JSON.parse(await readFile(file, 'utf8')) as unknown;
type Kind = keyof typeof CONTENT_SCHEMAS;
const KINDS = Object.keys(CONTENT_SCHEMAS) as Kind[];

function validators() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  return Object.fromEntries(KINDS.map((kind) => [kind, ajv.compile(contentJsonSchema(kind))])) as Record<
    Kind,
    ReturnType<typeof ajv.compile>
  >;
}

test('the shipped JSON Schemas are the ones the Zod schemas generate now (npm run content:schema)', async (t) => {
  for (const kind of KINDS) {
    t.deepEqual(
      await readJson(path.join(SHIPPED_CONTENT, CONTENT_SCHEMAS[kind].file)),
      contentJsonSchema(kind),
      kind,
    );
  }
});

/** Where a file of `folder` must point its `$schema`: the shipped schema, relative to the file. */
const schemaRef = (folder: string, file: string, kind: Kind): string =>
  path
    .relative(path.dirname(path.join(folder, file)), path.join(SHIPPED_CONTENT, CONTENT_SCHEMAS[kind].file))
    .split(path.sep)
    .join('/')
    .replace(/^(?!\.)/, './');

for (const [name, folder] of [
  ['shipped content', SHIPPED_CONTENT],
  ['demo fixture', DEMO_FIXTURE],
] as const) {
  test(`every ${name} file names the shipped schema and is valid against it`, async (t) => {
    const validate = validators();
    const files: [Kind, string][] = [
      ['collection', 'collection.json'],
      ['sources', 'sources.json'],
      ...(await readdir(path.join(folder, 'events'))).map((file): [Kind, string] => [
        'event',
        `events/${file}`,
      ]),
    ];
    for (const [kind, file] of files) {
      const data = (await readJson(path.join(folder, file))) as Record<string, unknown>;
      t.is(data['$schema'], schemaRef(folder, file, kind), file);
      t.true(validate[kind](data), `${file}: ${JSON.stringify(validate[kind].errors)}`);
    }
  });
}

test('the schemas refuse the loader’s bad fixtures that break a schema rule', async (t) => {
  const validate = validators();
  const dir = path.join(BROKEN_FIXTURES.multiple, 'events');
  t.false(validate.event(await readJson(path.join(dir, 'unknown-key.json'))), 'unknown-key.json');
  const valid = (await readJson(
    path.join(DEMO_FIXTURE, 'events', '2025-01-14-five-hour-reset-all-users.json'),
  )) as Record<string, unknown>;
  t.true(validate.event(valid));
  t.false(
    validate.event({ ...valid, first_published_at: '2026-11-21 15:42' }),
    'a date-time without T and Z',
  );
  t.false(validate.event({ ...valid, summary: 'x'.repeat(2001) }), 'a summary past its bound');
  t.false(validate.event({ id: 'Not A Slug' }), 'a bad id and missing fields');
});
