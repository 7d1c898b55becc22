import assert from 'node:assert/strict';
import test from 'ava';
import fc from 'fast-check';
import type { ResetsPage } from '../../domain/resets.js';
import { DomainError } from '../../domain/errors.js';
import { eventsArb, holds, limitsArb, queryArb } from '../helpers/arbitraries.js';
import { catalogOf } from '../helpers/events.js';
import { page, walkIds } from '../helpers/pages.js';
import { refBound, referenceList } from '../helpers/reference.js';

const isInvalidRange = (error: unknown) => error instanceof DomainError && error.code === 'invalid_range';

test('walking every page returns each matching event exactly once, in order, for any limit and query', (t) => {
  holds(
    t,
    fc.property(eventsArb(), queryArb, limitsArb, (events, query, limits) => {
      const catalog = catalogOf(events);
      const from = query.from === undefined ? null : refBound(query.from, 'from');
      const to = query.to === undefined ? null : refBound(query.to, 'to');
      if (from && to && from.ms > to.ms) {
        assert.throws(() => page(catalog, query), isInvalidRange);
        return;
      }
      const ascending = referenceList(events, query).map((event) => event.id);
      const expected = query.order === 'asc' ? ascending : [...ascending].reverse();
      assert.deepEqual(walkIds(catalog, query, limits), expected);
    }),
    150,
  );
});

test('repeating the query with every cursor gives the same walk as the cursor alone', (t) => {
  holds(
    t,
    fc.property(eventsArb(), queryArb, fc.integer({ min: 1, max: 7 }), (events, query, limit) => {
      const catalog = catalogOf(events);
      let current: ResetsPage;
      try {
        current = page(catalog, { ...query, limit });
      } catch (error) {
        assert.ok(isInvalidRange(error));
        return;
      }
      const repeated = current.data.map((event) => event.id);
      while (current.pagination.next_cursor !== null) {
        current = page(catalog, { ...query, limit, cursor: current.pagination.next_cursor });
        repeated.push(...current.data.map((event) => event.id));
      }
      assert.deepEqual(repeated, walkIds(catalog, { ...query, limit }));
    }),
  );
});

test('desc lists exactly the reverse of asc for any query', (t) => {
  holds(
    t,
    fc.property(eventsArb(), queryArb, (events, query) => {
      const catalog = catalogOf(events);
      const list = (order: 'asc' | 'desc') =>
        page(catalog, { ...query, order, limit: 100 }).data.map((e) => e.id);
      try {
        assert.deepEqual(list('desc'), list('asc').reverse());
      } catch (error) {
        if (!isInvalidRange(error)) throw error;
      }
    }),
  );
});

test('every page but the last is full, and only the last has no cursor', (t) => {
  holds(
    t,
    fc.property(eventsArb(), fc.integer({ min: 1, max: 10 }), (events, limit) => {
      const catalog = catalogOf(events);
      let current = page(catalog, { limit });
      const sizes = [current.data.length];
      while (current.pagination.next_cursor !== null) {
        assert.ok(current.pagination.has_more);
        current = page(catalog, { cursor: current.pagination.next_cursor, limit });
        sizes.push(current.data.length);
      }
      assert.equal(current.pagination.has_more, false);
      const last = sizes.pop()!;
      assert.ok(sizes.every((size) => size === limit));
      assert.ok(last <= limit && (last > 0 || sizes.length === 0));
    }),
  );
});
