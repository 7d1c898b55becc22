import { z } from 'zod';
import { CollectionFile, EventFile, SourcesFile } from './files.js';

/** Where the shipped JSON Schemas live, relative to the content folder, and which files use each. */
export const CONTENT_SCHEMAS = {
  collection: { file: 'schema/collection.schema.json', schema: CollectionFile },
  sources: { file: 'schema/sources.schema.json', schema: SourcesFile },
  event: { file: 'schema/event.schema.json', schema: EventFile },
} as const;

/**
 * The JSON Schema of a content file, generated from the same Zod schema the loader validates with,
 * for editors. Rules JSON Schema cannot state (uniqueness in lists, ids against file names, times
 * decoded from post ids, cross-file references) stay with `npm run content:check`. Every file may
 * name its schema in `$schema`, which the loader ignores.
 */
export function contentJsonSchema(kind: keyof typeof CONTENT_SCHEMAS): Record<string, unknown> {
  const generated = z.toJSONSchema(CONTENT_SCHEMAS[kind].schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  } & Record<string, unknown>;
  return {
    ...generated,
    title: `Usage-Limit Reset Tracker ${kind} file`,
    properties: { $schema: { type: 'string' }, ...generated.properties },
  };
}
