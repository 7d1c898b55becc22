import { readFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import {
  liveStatusExample,
  openapiFetchExample,
  trpcClientExample,
} from '../../server/site/pages/client-examples.js';
import { decodeHtml } from '../helpers/html.js';
import { withServer } from '../helpers/with-server.js';
import { ROOT, BASE_URL } from '../helpers/fixtures.js';

const EXAMPLES = {
  'typed client': trpcClientExample,
  'openapi-fetch': openapiFetchExample,
  'live status': liveStatusExample,
};

test('docs/clients.md shows the client examples word for word, for a local server', async (t) => {
  const doc = await readFile(path.join(ROOT, 'docs/clients.md'), 'utf8');
  for (const [name, example] of Object.entries(EXAMPLES)) {
    t.true(doc.includes(`\`\`\`ts\n${example('http://localhost:3000')}\n\`\`\``), name);
  }
});

test('/docs shows the same examples, for its own public address', withServer, async (t, server) => {
  const body = decodeHtml(await (await fetch(`${server.url}/docs`)).text());
  for (const [name, example] of Object.entries(EXAMPLES)) t.true(body.includes(example(BASE_URL)), name);
});
