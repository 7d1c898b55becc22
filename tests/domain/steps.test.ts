import test from 'ava';
import { buildCatalog, catalogSteps } from '../../domain/catalog.js';
import { readContent } from '../../server/content/read-content.js';
import { validateContent, validateSteps } from '../../domain/content/validate.js';
import type { Steps } from '../../domain/steps.js';
import { ITEMS_PER_STEP } from '../../domain/steps.js';
import { DEMO_FIXTURE } from '../helpers/fixtures.js';

/** Runs the steps one by one, counting the yields. */
function countYields<T>(steps: Steps<T>): { result: T; yields: number } {
  let yields = 0;
  for (;;) {
    const next = steps.next();
    if (next.done) return { result: next.value, yields };
    yields += 1;
  }
}

const raw = await readContent(DEMO_FIXTURE);

test('validation yields between slices of events and gives the same result as at once', (t) => {
  const { result, yields } = countYields(validateSteps(raw));
  t.deepEqual(result, validateContent(raw));
  t.true(result.ok);
  // The demo set is small; a set of N events yields at least N / ITEMS_PER_STEP times.
  t.true(yields >= Math.floor(raw.events.length / ITEMS_PER_STEP));
});

test('the catalog is built in slices, one filter view at least per slice, equal to the one built at once', (t) => {
  const result = validateContent(raw);
  if (!result.ok) throw new Error('demo content is invalid');
  const { result: catalog, yields } = countYields(catalogSteps(result.content, { origin: 'https://t.test' }));
  t.deepEqual(catalog, buildCatalog(result.content, { origin: 'https://t.test' }));
  t.true(yields >= catalog.views.size, `${yields} yields for ${catalog.views.size} views`);
});
