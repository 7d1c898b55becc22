import { readFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { generateContract } from '../../client/scripts/contract.js';
import { ROOT } from '../helpers/fixtures.js';

// That the published router types every call as the server does is checked by the compiler:
// tests/client/contract.types.ts.

test('client/src/contract.ts is what the generator writes from server/api/procedures.ts today', async (t) => {
  const committed = await readFile(path.join(ROOT, 'client/src/contract.ts'), 'utf8');
  t.is(committed, await generateContract(ROOT), 'run `npm run client:contract`');
});
