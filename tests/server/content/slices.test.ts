import test from 'ava';
import type { Steps } from '../../../domain/steps.js';
import { runInSlices } from '../../../server/content/slices.js';

test('runInSlices lets other work run between slices', async (t) => {
  let turns = 0;
  const ticker = setInterval(() => (turns += 1), 0);
  function* slow(): Steps<string> {
    for (let i = 0; i < 20; i += 1) {
      const until = performance.now() + 3;
      while (performance.now() < until);
      yield;
    }
    return 'done';
  }
  t.is(await runInSlices(slow(), 5), 'done');
  clearInterval(ticker);
  t.true(turns > 0, 'the event loop ran while the steps did');
});
