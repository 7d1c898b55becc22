/**
 * `npm run routes`: every route the service answers (server/routes.ts), with its methods, what it
 * is (a page or a program's) and whether the rate limit counts it: the table the pipeline reads its
 * answers from, printed from the app itself, so it cannot drift from it.
 */
import pino from 'pino';
import { createApp } from '../server/app.js';
import { parseConfig } from '../server/config.js';
import { ContentState } from '../server/content/content-state.js';
import { readCommandLine } from './command-line.js';

const { values } = readCommandLine({
  usage: 'npm run routes -- [--json]',
  description:
    'Prints every route the service answers: its methods, its path, its kind and whether it is rate limited.',
  options: { json: { type: 'boolean', description: 'print the routes as a JSON array instead' } },
});

// The routes are declared whatever the content and config say: the app is built, never started,
// and no content is loaded.
const config = parseConfig({ PUBLIC_BASE_URL: 'https://tracker.example' });
const content = new ContentState(() => Promise.reject(new Error('no content is loaded')), config.origin);
const { table } = createApp({ config, content, logger: pino({ level: 'silent' }), limiter: null });

if (values.json) {
  process.stdout.write(`${JSON.stringify(table, null, 2)}\n`);
} else {
  const rows = [
    ['METHODS', 'PATH', 'KIND', 'LIMITED'],
    ...table.map((route) => [route.methods.join(', '), route.path, route.kind, route.limited ? 'yes' : 'no']),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  process.stdout.write(`${rows.map(line).join('\n')}\n`);
}
