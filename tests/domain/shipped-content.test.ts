import test from 'ava';
import { buildCatalog } from '../../domain/catalog.js';
import { loadContent } from '../../server/content/read-content.js';
import { formatProblem } from '../../domain/content/problems.js';
import { StatusData } from '../../domain/schemas/index.js';
import { getStatus } from '../../domain/status.js';
import { BASE_URL, DEMO_FIXTURE } from '../helpers/fixtures.js';

test('the shipped content is valid', async (t) => {
  const result = await loadContent(DEMO_FIXTURE);
  if (!result.ok) return t.fail(result.problems.map(formatProblem).join('\n'));
  const catalog = buildCatalog(result.content, { baseUrl: BASE_URL });
  t.true(catalog.events.length > 0);
  t.true(StatusData.safeParse(getStatus(catalog, { audience: 'all', window: 'any' }, Date.now())).success);
});
