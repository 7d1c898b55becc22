import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ContentProblem } from './problems.js';
import type { ContentReader, RawContent, ValidationResult } from './validate.js';
import { validateContent } from './validate.js';

export const COLLECTION_FILE = 'collection.json';
export const SOURCES_FILE = 'sources.json';
export const EVENTS_DIR = 'events';

function readJson(dir: string, file: string, problems: ContentProblem[]): unknown {
  let text: string;
  try {
    // Synchronous on purpose: `fs/promises` readFile costs ~100 µs a file in thread-pool round trips
    // (over a second for 10,000 events) against ~5 µs, and validating the set blocks longer anyway.
    text = readFileSync(path.join(dir, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    problems.push({ file, path: '', rule: code === 'ENOENT' ? 'file is missing' : `cannot be read (${code})` });
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    problems.push({ file, path: '', rule: `is not valid JSON: ${(error as Error).message}` });
    return undefined;
  }
}

/**
 * Opens a content folder: the collection and sources files are read at once, each event file only
 * when validation reaches it, so a large set is never held as raw JSON, parsed copies and published
 * events all at once. Read problems are recorded in `readProblems` as they are found.
 */
export async function openContent(dir: string): Promise<ContentReader> {
  const problems: ContentProblem[] = [];
  let eventFiles: string[] = [];
  try {
    eventFiles = (await readdir(path.join(dir, EVENTS_DIR))).filter((name) => name.endsWith('.json')).sort();
  } catch {
    problems.push({ file: `${EVENTS_DIR}/`, path: '', rule: 'folder is missing or cannot be read' });
  }
  const collection = readJson(dir, COLLECTION_FILE, problems);
  const sources = readJson(dir, SOURCES_FILE, problems);
  function* events() {
    for (const name of eventFiles) {
      const file = `${EVENTS_DIR}/${name}`;
      const data = readJson(dir, file, problems);
      // A file that could not be read is already reported; do not report it twice.
      if (data !== undefined) yield { file, data };
    }
  }
  return {
    collection: { file: COLLECTION_FILE, data: collection },
    sources: { file: SOURCES_FILE, data: sources },
    events: events(),
    readProblems: problems,
  };
}

/** Reads a content folder's files as they are, with every read problem recorded. */
export async function readContent(dir: string): Promise<RawContent> {
  const reader = await openContent(dir);
  const events = [...reader.events];
  return { ...reader, events };
}

/** Reads and validates a content folder, one event file at a time. */
export async function loadContent(dir: string): Promise<ValidationResult> {
  return validateContent(await openContent(dir));
}
