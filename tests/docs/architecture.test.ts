import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import test from 'ava';
import { ROOT } from '../helpers/fixtures.js';

const ARCHITECTURE = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');

/** The text of one `## ` section of docs/architecture.md. */
function section(heading: string): string {
  const start = ARCHITECTURE.indexOf(`## ${heading}\n`);
  if (start === -1) throw new Error(`docs/architecture.md has no section "${heading}"`);
  const end = ARCHITECTURE.indexOf('\n## ', start + 1);
  return ARCHITECTURE.slice(start, end === -1 ? undefined : end);
}

/** The paths the folder map names: each line's first word, under the folders indented above it. */
function mappedPaths(): string[] {
  const block = /```\n([\s\S]*?)```/.exec(section('Folders'))?.[1] ?? '';
  const parents: string[] = [];
  const paths: string[] = [];
  for (const line of block.split('\n')) {
    const match = /^( *)(\S+)/.exec(line);
    if (!match || !/(\/|\.ts)$/.test(match[2]!)) continue;
    const depth = match[1]!.length / 2;
    parents.length = depth;
    const full = [...parents, match[2]!].join('');
    paths.push(full);
    if (full.endsWith('/')) parents.push(match[2]!);
  }
  return paths;
}

test('every folder and file the architecture map names exists', (t) => {
  const paths = mappedPaths();
  t.true(paths.length > 20, `only ${paths.length} paths read from the map`);
  for (const mapped of paths)
    t.true(existsSync(path.join(ROOT, mapped)), `${mapped} is in the map but not in the tree`);
});

test('the architecture map names every folder of server/ and server/site/', (t) => {
  const paths = new Set(mappedPaths());
  for (const parent of ['server/', 'server/site/']) {
    for (const entry of readdirSync(path.join(ROOT, parent), { withFileTypes: true })) {
      if (entry.isDirectory())
        t.true(paths.has(`${parent}${entry.name}/`), `${parent}${entry.name}/ is missing from the map`);
    }
  }
});

test('the import rules the architecture states are the ones dependency-cruiser runs', (t) => {
  const rows = section('Import rules')
    .split('\n')
    .map((line) => /^\| `([^`]+)` +\| (.+?) +\|$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => [match[1]!, match[2]!]);
  const config = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')) as {
    forbidden: { name: string; comment: string }[];
  };
  t.deepEqual(
    rows,
    config.forbidden.map((rule) => [rule.name, rule.comment]),
  );
});

/** The calls of `app.use(…)` in a source file, in order: `requestLog`, `outage.middleware`, … */
function middlewareCalls(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  return [...source.matchAll(/\bapp\.use\(\s*([\w.]+)\(/g)].map((match) => match[1]!);
}

test("the request line's middleware table is the pipeline's and the app's, in order", (t) => {
  const table = section('The request line')
    .split('\n')
    .map((line) => /^\| `([\w.]+)` +\|/.exec(line)?.[1])
    .filter((name) => name !== undefined);
  const code = [...middlewareCalls('server/pipeline.ts'), ...middlewareCalls('server/app.ts')];
  t.true(code.length >= 12, code.join(', '));
  t.deepEqual(table, code);
});

test('the folder map names every folder of tests/, as the tree has them', (t) => {
  const line = section('Folders')
    .split('\n')
    .findIndex((text) => text.startsWith('tests/'));
  const text = section('Folders')
    .split('\n')
    .slice(line, line + 6)
    .join(' ');
  for (const entry of readdirSync(path.join(ROOT, 'tests'), { withFileTypes: true }))
    if (entry.isDirectory())
      t.true(text.includes(`${entry.name}/`), `tests/${entry.name}/ is not in the map`);
});
