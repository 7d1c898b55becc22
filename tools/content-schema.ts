/**
 * `npm run content:schema [-- --dir <folder>]`: writes the JSON Schemas of the content files
 * (`schema/*.schema.json` in the content folder) from the loader's Zod schemas, for editors.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CONTENT_SCHEMAS, contentJsonSchema } from '../domain/content/json-schema.js';
import { contentDirOf, writeContentFile } from './content-files.js';

const { values: flags } = parseArgs({ options: { dir: { type: 'string' } } });
const dir = contentDirOf(flags.dir);
await mkdir(path.join(dir, 'schema'), { recursive: true });
for (const [kind, { file }] of Object.entries(CONTENT_SCHEMAS)) {
  await writeContentFile(path.join(dir, file), contentJsonSchema(kind as keyof typeof CONTENT_SCHEMAS));
  console.log(`wrote ${path.relative(process.cwd(), path.join(dir, file))}`);
}
