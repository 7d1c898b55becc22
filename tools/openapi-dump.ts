/**
 * `npm run lint:openapi`: writes the OpenAPI document the server would serve to a file (argument,
 * default `test-results/openapi.json`), so a linter can check it without a running server.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildOpenApiDocument } from '../server/api/openapi.js';
import { appRouter } from '../server/api/procedures.js';
import { readCommandLine } from './command-line.js';

const {
  positionals: [target = 'test-results/openapi.json'],
} = readCommandLine({
  usage: 'tsx tools/openapi-dump.ts [<file>]',
  description: 'Writes the OpenAPI document the server would serve to a file, for a linter.',
  arguments: [{ name: '<file>', description: 'where to write it (default: test-results/openapi.json)' }],
  options: {},
});
const file = path.resolve(target);
// A fixed origin: the document's shape, not its address, is what gets linted.
const document = buildOpenApiDocument(appRouter, { origin: 'https://tracker.example', version: '1.0.0' });
await mkdir(path.dirname(file), { recursive: true });
await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
console.log(`OpenAPI document written to ${path.relative(process.cwd(), file)}`);
