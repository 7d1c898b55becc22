import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import test from 'ava';
import type * as NodeFlags from '../../server/node-flags.cjs';
import { ROOT } from '../helpers/fixtures.js';

// From the checkout: the tests run compiled in build/, where tsc writes no .cjs or .json file.
const require = createRequire(path.join(ROOT, 'package.json'));
const { nodeFlags } = require('./server/node-flags.cjs') as typeof NodeFlags;
const byMajor = require('./server/node-flags.json') as Record<string, string[]>;

test('each Node gets the flags listed for its major version, or the nearest version below it', (t) => {
  t.deepEqual(nodeFlags('20.20.2'), byMajor['20']);
  t.deepEqual(nodeFlags('24.21.0'), byMajor['24']);
  t.deepEqual(nodeFlags('22.11.0'), byMajor['20'], 'a version between two listed takes the lower');
  t.deepEqual(nodeFlags('26.0.0'), byMajor['24'], 'a newer version takes the newest listed');
  t.deepEqual(nodeFlags('18.19.0'), byMajor['20'], 'an older version takes the oldest listed');
  t.notDeepEqual(byMajor['20'], byMajor['24'], 'the lists differ, so the choice above is seen');
});

test('every flag listed is one the running node accepts', (t) => {
  for (const flags of Object.values(byMajor)) {
    t.true(flags.length > 0);
    const printed = execFileSync(process.execPath, [...flags, '-p', '1'], { encoding: 'utf8' });
    t.is(printed.trim(), '1', flags.join(' '));
  }
});

test('npm start and PM2 pass the flags for the Node that runs them', (t) => {
  const ecosystem = require('./ecosystem.config.cjs') as { apps: { node_args: string[] }[] };
  t.deepEqual(ecosystem.apps[0]?.node_args, nodeFlags());
  const start = (require('./package.json') as { scripts: { start: string } }).scripts.start;
  const expression = /node \$\(node -p "(.+?)"\)/.exec(start.replaceAll('\\"', '"'))?.[1];
  t.truthy(expression, start);
  const printed = execFileSync(process.execPath, ['-p', expression!], { encoding: 'utf8' });
  t.is(printed.trim(), nodeFlags().join(' '));
});
