/**
 * `npm run content:schema [-- --dir <folder>]`: writes the JSON Schemas of the content files
 * (`schema/*.schema.json` in the content folder) from the loader's Zod schemas, for editors.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_SCHEMAS, contentJsonSchema } from '../domain/content/json-schema.js';
import { readCommandLine } from './command-line.js';
import { contentDirOf, writeContentFile } from './content-files.js';

const { values: flags } = readCommandLine({
  usage: 'npm run content:schema -- [--dir <folder>]',
  description:
    "Writes the JSON Schemas of the content files (schema/*.schema.json) from the loader's schemas.",
  options: {
    dir: {
      type: 'string',
      value: '<folder>',
      description: 'the content folder (default: CONTENT_DIR of the settings, else content/)',
    },
  },
});
const dir = contentDirOf(flags.dir);
await mkdir(path.join(dir, 'schema'), { recursive: true });
for (const [kind, { file }] of Object.entries(CONTENT_SCHEMAS)) {
  await writeContentFile(path.join(dir, file), contentJsonSchema(kind as keyof typeof CONTENT_SCHEMAS));
  console.log(`wrote ${path.relative(process.cwd(), path.join(dir, file))}`);
}
