import { isPublishedRecord } from '../../domain/schemas/index.js';

/** Each published record's JSON text, written on first use; held weakly, so a replaced revision's go. */
const recordTexts = new WeakMap<object, string>();

function recordText(record: object): string {
  let text = recordTexts.get(record);
  if (text === undefined) {
    text = JSON.stringify(record);
    recordTexts.set(record, text);
  }
  return text;
}

/** A value `JSON.stringify` leaves out of an object and writes as `null` in an array. */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/**
 * `JSON.stringify(body)`, the same text, with each published record (domain/schemas/event.ts: frozen,
 * validated once per content revision) written from its text of an earlier response: a page of twenty
 * records costs a join, not a serialization of each. A value with a `toJSON` is left to
 * `JSON.stringify`, as is everything but plain objects and arrays.
 */
export function bodyJson(value: unknown): string {
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    return JSON.stringify(value) ?? 'null';
  if (isPublishedRecord(value)) return recordText(value);
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value as unknown[]) items.push(omitted(item) ? 'null' : bodyJson(item));
    return `[${items.join(',')}]`;
  }
  const members: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (omitted(item)) continue;
    members.push(`${JSON.stringify(key)}:${bodyJson(item)}`);
  }
  return `{${members.join(',')}}`;
}
