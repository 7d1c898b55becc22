import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ContentProblem } from '../../domain/content/problems.js';
import type { ContentReader, RawContent, ValidationResult } from '../../domain/content/validate.js';
import { validateContent } from '../../domain/content/validate.js';

export const COLLECTION_FILE = 'collection.json';
export const SOURCES_FILE = 'sources.json';
export const EVENTS_DIR = 'events';

/** Bytes a content file may have: far above what the content limits allow, far below what hurts. */
export const MAX_FILE_BYTES: Readonly<Record<string, number>> = {
  [SOURCES_FILE]: 4 * 1024 * 1024,
  default: 256 * 1024,
};

/**
 * Opened without following a symbolic link and without blocking (a FIFO would otherwise hold the
 * process until something writes to it), then read only if it is a regular file within its size
 * bound. A refusal names the file and why, never its bytes.
 */
function readText(dir: string, file: string): { text: string } | { rule: string } {
  let fd: number;
  try {
    fd = openSync(path.join(dir, file), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { rule: 'file is missing' };
    if (code === 'ELOOP') return { rule: 'is a symbolic link: only regular files inside the folder are read' };
    return { rule: `cannot be read (${code})` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { rule: 'is not a regular file: only regular files inside the folder are read' };
    const limit = MAX_FILE_BYTES[file] ?? MAX_FILE_BYTES['default']!;
    if (stat.size > limit) return { rule: `is ${stat.size} bytes, over the limit of ${limit} bytes` };
    // Synchronous on purpose: `fs/promises` costs ~100 µs a file in thread-pool round trips (over a
    // second for 10,000 events) against ~5 µs, and validating the set blocks longer anyway.
    const buffer = Buffer.allocUnsafe(stat.size);
    let read = 0;
    while (read < stat.size) {
      const got = readSync(fd, buffer, read, stat.size - read, read);
      if (got === 0) break;
      read += got;
    }
    return { text: buffer.toString('utf8', 0, read) };
  } catch (error) {
    return { rule: `cannot be read (${(error as NodeJS.ErrnoException).code})` };
  } finally {
    closeSync(fd);
  }
}

/** A JSON syntax error by line and column, with that line shown: a byte offset is hard to find. */
function syntaxError(text: string, error: Error): string {
  const position = /position (\d+)/.exec(error.message);
  if (!position) return error.message;
  const offset = Number(position[1]);
  const before = text.slice(0, offset).split('\n');
  const line = before.length;
  const column = (before.at(-1)?.length ?? 0) + 1;
  const shown = (text.split('\n')[line - 1] ?? '').trim().slice(0, 80);
  const reason = error.message.replace(/\s*(in JSON )?at position \d+.*$/, '');
  return `line ${line}, column ${column}: ${reason} — ${shown}`;
}

/** `$schema` names the file's JSON Schema for editors (content/schema/); it is not content. */
function withoutSchemaKey(data: unknown): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data) || !('$schema' in data)) return data;
  const content = { ...(data as Record<string, unknown>) };
  delete content['$schema'];
  return content;
}

function readJson(dir: string, file: string, problems: ContentProblem[]): unknown {
  const read = readText(dir, file);
  if ('rule' in read) {
    problems.push({ file, path: '', rule: read.rule });
    return undefined;
  }
  try {
    return withoutSchemaKey(JSON.parse(read.text) as unknown);
  } catch (error) {
    problems.push({ file, path: '', rule: `is not valid JSON: ${syntaxError(read.text, error as Error)}` });
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
    // The folder itself must not lead elsewhere: only files inside the content folder are read.
    if ((await lstat(path.join(dir, EVENTS_DIR))).isSymbolicLink()) {
      problems.push({ file: `${EVENTS_DIR}/`, path: '', rule: 'is a symbolic link: the folder itself is read' });
    } else {
      eventFiles = (await readdir(path.join(dir, EVENTS_DIR))).filter((name) => name.endsWith('.json')).sort();
    }
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
