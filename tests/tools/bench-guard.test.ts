import { readFileSync } from 'node:fs';
import test from 'ava';
import { guardReport, readReferences } from '../../bench/guard.js';
import type { Row } from '../../bench/report.js';

const MARKDOWN = [
  '## Today',
  '',
  '### Regression guard',
  '',
  '| set | scenario | server CPU µs/req | bare CPU µs/req | ÷ bare |',
  '| --- | --- | --- | --- | --- |',
  '| default | hot | 80.0 | 20.0 | 4.00 |',
  '| default | cold | 1,000.0 | 25.0 | 40.00 |',
  '',
  '## Next section',
  '| default | not read | 1 | 1 | 1 |',
].join('\n');

function row(scenario: string, serverCpuUs: number, bareCpuUs: number): Row {
  const measured = { requestsPerSecond: 1, p50Ms: 1, p99Ms: 1, errors: 0 };
  return {
    set: 'default',
    scenario,
    server: measured,
    bare: measured,
    floor: measured,
    peer: measured,
    ratios: { bare: 1, floor: 1, peer: 1 },
    rssMb: 1,
    bodyBytes: 1,
    serverCpuUs,
    bareCpuUs,
  };
}

test('the references are the rows of the table under its heading, and no other', (t) => {
  t.deepEqual(readReferences(MARKDOWN), [
    { set: 'default', scenario: 'hot', serverCpuUs: 80, bareCpuUs: 20 },
    { set: 'default', scenario: 'cold', serverCpuUs: 1000, bareCpuUs: 25 },
  ]);
  t.throws(() => readReferences('# nothing'), { message: /no "### Regression guard" section/ });
});

test('a scenario more than 15 % above its record is flagged, by CPU and by CPU ÷ bare', (t) => {
  const references = readReferences(MARKDOWN);
  const within = guardReport([row('hot', 91, 20), row('cold', 1100, 25)], references);
  t.is(within.regressions, 0, within.lines.join('\n'));
  // The machine is slower: both the server and bare node cost more, the ratio holds.
  const slowMachine = guardReport([row('hot', 100, 25), row('cold', 1000, 25)], references);
  t.is(slowMachine.regressions, 1);
  t.regex(slowMachine.lines[0]!, /hot: .*\+25 %.*⚠ .* by CPU µs$/);
  // The server got dearer on the same machine: both comparisons flag it.
  const dearer = guardReport([row('hot', 80, 20), row('cold', 1200, 25)], references);
  t.is(dearer.regressions, 2);
  t.regex(dearer.lines[1]!, /cold: .*\+20 %.*⚠ .* by CPU µs and CPU ÷ bare$/);
  const missing = guardReport([row('hot', 80, 20)], references);
  t.regex(missing.lines[1]!, /cold: not measured in this run/);
});

test("BENCHMARKS.md's guard table reads", (t) => {
  t.true(readReferences(readFileSync('BENCHMARKS.md', 'utf8')).length >= 4);
});
