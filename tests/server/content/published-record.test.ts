import path from 'node:path';
import test from 'ava';
import { buildCatalog } from '../../../domain/catalog.js';
import { formatProblem } from '../../../domain/content/problems.js';
import { ResetSummary } from '../../../domain/schemas/index.js';
import { loadContent } from '../../../server/content/read-content.js';
import { BASE_URL, DEMO_FIXTURE, ROOT, SHIPPED_CONTENT, VALID_FIXTURE } from '../../helpers/fixtures.js';

const RECORD_KEYS = Object.keys(ResetSummary.shape);
const FOLDERS = [SHIPPED_CONTENT, DEMO_FIXTURE, VALID_FIXTURE];

for (const folder of FOLDERS) {
  test(`every published record has exactly ResetSummary's keys, in its order (${path.relative(ROOT, folder)})`, async (t) => {
    const result = await loadContent(folder);
    if (!result.ok) return t.fail(result.problems.map(formatProblem).join('\n'));
    const withoutUrl = RECORD_KEYS.filter((key) => key !== 'url');
    for (const event of result.content.events) t.deepEqual(Object.keys(event), withoutUrl, event.id);
    const catalog = buildCatalog(result.content, { origin: BASE_URL });
    for (const { record } of catalog.events) {
      t.deepEqual(Object.keys(record), RECORD_KEYS, record.id);
      t.is(JSON.stringify(ResetSummary.parse(record)), JSON.stringify(record), record.id);
    }
  });
}
