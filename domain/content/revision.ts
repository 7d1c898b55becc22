import { createHash } from 'node:crypto';
import type { Steps } from '../steps.js';
import { CONTENT_REVISION_LENGTH } from '../schemas/limits.js';
import { ITEMS_PER_STEP, runSteps } from '../steps.js';

/** JSON with object keys sorted at every level, so equal content always serialises to equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const record = inner as Record<string, unknown>;
    return Object.fromEntries(Object.keys(record).sort().map((key) => [key, record[key]]));
  });
}

const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

/** Keys in the order `canonicalJson` writes them: sorted, array-index keys first as in any object. */
function canonicalKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record).sort();
  if (!keys.some((key) => ARRAY_INDEX.test(key) && Number(key) < 2 ** 32 - 1)) return keys;
  const indexes = keys.filter((key) => ARRAY_INDEX.test(key) && Number(key) < 2 ** 32 - 1);
  return [...indexes.sort((a, b) => Number(a) - Number(b)), ...keys.filter((key) => !indexes.includes(key))];
}

/** Writes `canonicalJson(value)` piece by piece, so no copy of the whole content is ever built. */
function writeCanonical(value: unknown, write: (text: string) => void, inArray: boolean): boolean {
  if (value !== null && typeof value === 'object' && 'toJSON' in value && typeof value.toJSON === 'function') {
    value = (value.toJSON as () => unknown)();
  }
  switch (typeof value) {
    case 'string':
      write(JSON.stringify(value));
      return true;
    case 'number':
      write(Number.isFinite(value) ? String(value) : 'null');
      return true;
    case 'boolean':
      write(value ? 'true' : 'false');
      return true;
    case 'object':
      break;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'undefined':
    case 'function':
    case 'symbol':
      // Left out of objects, null in arrays, as JSON.stringify does.
      if (inArray) write('null');
      return inArray;
  }
  if (value === null) {
    write('null');
    return true;
  }
  if (Array.isArray(value)) {
    write('[');
    value.forEach((item: unknown, index) => {
      if (index > 0) write(',');
      writeCanonical(item, write, true);
    });
    write(']');
    return true;
  }
  const record = value as Record<string, unknown>;
  write('{');
  let first = true;
  for (const key of canonicalKeys(record)) {
    const inner = record[key];
    if (inner === undefined || typeof inner === 'function' || typeof inner === 'symbol') continue;
    write(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
    writeCanonical(inner, write, false);
    first = false;
  }
  write('}');
  return true;
}

/**
 * The content revision: a hash of the published content in canonical form (`canonicalJson`). Collections
 * of records are sorted by id by the caller, so file order, whitespace, key order, machine and load time
 * never matter. The text is hashed in chunks as it is written: 10,000 events would otherwise build
 * ~15 MB of text plus a sorted copy of every object, peaks the process never gives back. Yields
 * between slices of a top-level list, so a large set can be hashed between requests.
 */
export function* revisionSteps(parts: Record<string, unknown>): Steps<string> {
  const hash = createHash('sha256');
  let chunk = '';
  const write = (text: string) => {
    chunk += text;
    if (chunk.length >= 65_536) {
      hash.update(chunk);
      chunk = '';
    }
  };
  write('{');
  let first = true;
  for (const key of canonicalKeys(parts)) {
    const inner = parts[key];
    if (inner === undefined || typeof inner === 'function' || typeof inner === 'symbol') continue;
    write(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
    first = false;
    if (!Array.isArray(inner)) {
      writeCanonical(inner, write, false);
      continue;
    }
    write('[');
    for (let index = 0; index < inner.length; index += 1) {
      if (index > 0) write(',');
      writeCanonical(inner[index], write, true);
      if (index % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield;
    }
    write(']');
  }
  write('}');
  return hash.update(chunk).digest('base64url').slice(0, CONTENT_REVISION_LENGTH);
}

export function computeRevision(parts: Record<string, unknown>): string {
  return runSteps(revisionSteps(parts));
}
