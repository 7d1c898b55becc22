import assert from 'node:assert/strict';
import test from 'ava';
import fc from 'fast-check';
import { canonicalJson } from '../../domain/content/revision.js';
import { holds, reverseKeys } from '../helpers/arbitraries.js';

/**
 * `canonicalJson` writes the content revision's hash input and the tRPC endpoint's cache key for a
 * query's `input` (server/api/trpc-endpoint.ts): for any JSON a query can carry, the same value with
 * its keys in any order must give the same text, and two different values different texts.
 */

/** A value as `JSON.parse` gives it from a query's `input`. */
const parsedJson = fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown);

test('the same JSON with its keys in another order gives the same text', (t) => {
  holds(
    t,
    fc.property(parsedJson, (value) => canonicalJson(reverseKeys(value)) === canonicalJson(value)),
    500,
  );
  t.is(canonicalJson({ order: 'asc', limit: 3 }), '{"limit":3,"order":"asc"}');
});

test('the text reads back as the same JSON, so different values never share a text', (t) => {
  holds(
    t,
    fc.property(parsedJson, (value) => assert.deepEqual(JSON.parse(canonicalJson(value)), value)),
    500,
  );
});
