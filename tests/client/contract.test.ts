import { readFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import type { inferRouterError, inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { generateContract } from '../../client/scripts/contract.js';
import type { AppRouter as PublishedRouter } from '../../client/src/index.js';
import type { AppRouter } from '../../server/api/procedures.js';
import { ROOT } from '../helpers/fixtures.js';

/** True only when A and B are the same type (not merely assignable one way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// Checked by the compiler (`npm run typecheck`): the published router types every call as the server does.
const sameInputs: Same<inferRouterInputs<PublishedRouter>, inferRouterInputs<AppRouter>> = true;
const sameOutputs: Same<inferRouterOutputs<PublishedRouter>, inferRouterOutputs<AppRouter>> = true;
const sameErrors: Same<inferRouterError<PublishedRouter>, inferRouterError<AppRouter>> = true;

test('the published router types every input, output and error exactly as the server router', (t) => {
  t.true(sameInputs && sameOutputs && sameErrors);
});

test('client/src/contract.ts is what the generator writes from server/api/procedures.ts today', async (t) => {
  const committed = await readFile(path.join(ROOT, 'client/src/contract.ts'), 'utf8');
  t.is(committed, await generateContract(ROOT), 'run `npm run client:contract`');
});
