import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { loadContent } from '../../../server/content/read-content.js';
import { formatProblem } from '../../../domain/content/problems.js';
import { VALID_FIXTURE, copyContent } from '../../helpers/fixtures.js';

test('content:check reports every problem in one pass, each with the value found and what is expected', async (t) => {
  const copy = await copyContent(VALID_FIXTURE);
  try {
    const event = (name: string) => path.join(copy.dir, 'events', `${name}.json`);
    const edit = async (name: string, change: (data: Record<string, unknown>) => void) => {
      const data = JSON.parse(await readFile(event(name), 'utf8')) as Record<string, unknown>;
      change(data);
      await writeFile(event(name), `${JSON.stringify(data, null, 2)}\n`);
    };
    // A date-time without T and Z, and a missing key, in one file; a dangling reference in another.
    await edit('2025-03-03-weekly-reset', (data) => {
      data['first_published_at'] = '2026-11-21 15:42';
      delete data['revision'];
    });
    await edit('2025-04-02-status-page-reset', (data) => {
      data['related_event_ids'] = ['no-such-event'];
    });
    // A JSON syntax error: a missing comma on line 3.
    await writeFile(
      event('2025-05-20-announced-reset'),
      '{\n  "id": "2025-05-20-announced-reset"\n  "kind": "usage_reset"\n}\n',
    );
    const result = await loadContent(copy.dir);
    t.false(result.ok);
    if (result.ok) return;
    t.deepEqual(result.problems.map(formatProblem), [
      'events/2025-05-20-announced-reset.json: is not valid JSON: line 3, column 3: Expected \',\' or \'}\' after property value — "kind": "usage_reset"',
      'events/2025-03-03-weekly-reset.json first_published_at: Invalid ISO datetime: expected a UTC date-time such as 2026-11-21T15:42:00Z (found "2026-11-21 15:42")',
      'events/2025-03-03-weekly-reset.json revision: Invalid input: expected number, received undefined (the field is missing)',
      'events/2025-04-02-status-page-reset.json related_event_ids[0]: no event has id "no-such-event"',
    ]);
  } finally {
    await copy.dispose();
  }
});
